# Device preconditions and struct fields across files: a helper in one file
# whose two parameters meet (the embeddings and the ids of a pair loss) is
# checked where another file calls it, with the arguments passed there; the
# fields of a struct another file's function returns keep their own devices
# (images on the caller's device, ids created on the CPU). The index carries
# both, and a callee that moves the ids itself takes the finding away.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/device_precondition_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
device_precondition_project/train.cpp:9:15: warning: 'operator*' in 'pair_loss' receives tensors on different devices: 'b.ids' (argument 'ids') is on the CPU but 'emb' is on 'device', chosen at run time at line 4 [torch-device-mismatch]
  auto loss = pair_loss(emb, b.ids);
              ^
device_precondition_project/train.cpp:7:13: note: 'b.ids' is returned by 'make_batch' here, in its field 'ids', defined in batch.cpp, where it is created on the CPU at line 7 ('torch::arange' with no device)
  Batch b = make_batch(8, device);
            ^
device_precondition_project/train.cpp:9:30: note: 'b.ids' is passed to 'pair_loss' as 'ids' here, where it meets 'emb' in 'operator*' at losses.cpp:7
  auto loss = pair_loss(emb, b.ids);
                             ^
device_precondition_project/train.cpp:6:7: note: 'fc' is moved to 'device' here
  fc->to(device);
      ^
device_precondition_project/train.cpp:8:14: note: 'emb' is computed by 'fc' here
  auto emb = fc(b.images);
             ^
device_precondition_project/train.cpp:9:25: note: 'emb' is passed to 'pair_loss' as 'emb' here, where it meets 'ids' in 'operator*' at losses.cpp:7
  auto loss = pair_loss(emb, b.ids);
                        ^
REPORT
)

tl --result-cache rc device_precondition_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "device preconditions and fields across files"
expect_contains "$ERR" "1 finding in 1 of 3 analysed files" "summary"
expect_eq "$(jq -r '.functions[] | select(.name == "make_batch") | .fields.ids.device.line' rc/project-index.json)" 7 "the ids field is created on the CPU"
expect_eq "$(jq -r '.functions[] | select(.name == "make_batch") | .fields.images.device' rc/project-index.json)" null "the images field is the caller's device"
expect_eq "$(jq -c '.functions[] | select(.name == "pair_loss") | .requires[0] | [.kind, .arg, .other.arg]' rc/project-index.json)" '["same-device",0,1]' "pair_loss's precondition"

# Alone, train.cpp knows nothing of the other files: silent.
tl device_precondition_project/train.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the files that define its functions"

# The loss moves the ids to the embeddings' device itself: no precondition,
# no finding.
sed -i 's/ids.unsqueeze(\([01]\))/ids.to(emb.device()).unsqueeze(\1)/g' device_precondition_project/losses.cpp
tl --result-cache rc device_precondition_project
expect_rc 0
expect_eq "$(jq -r '.functions[] | select(.name == "pair_loss") | .requires' rc/project-index.json)" null "no precondition left"
expect_contains "$ERR" "0 findings in 0 of 3 analysed files" "the callee moves the ids"
echo "project_device_preconditions: ok"
