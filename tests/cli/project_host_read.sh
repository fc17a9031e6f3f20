# A host read across files: a post-processing helper in its own file reads
# its parameter through data_ptr (an on-host precondition in the project
# index), and the service in another file hands it the output of a
# TorchScript model loaded onto a run-time device. The finding is at the
# call, with the helper's line in the notes; a host copy at the call takes
# it away.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/host_read_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
host_read_project/service.cpp:8:10: warning: 'data_ptr' in 'keepScores' reads 'scores' on the host, but it is on 'device', chosen at run time at line 5: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]
  return keepScores(scores, 0.5f);
         ^
                          .cpu()
host_read_project/service.cpp:6:30: note: 'model' is loaded onto 'device' here
  torch::jit::script::Module model = torch::jit::load(path, device);
                             ^
host_read_project/service.cpp:7:26: note: 'scores' is computed by 'model' here
  torch::Tensor scores = model.forward({image.to(device)}).toTensor();
                         ^
host_read_project/service.cpp:8:21: note: 'scores' is passed to 'keepScores' as 'scores' here, where 'data_ptr' reads it on the host at postprocess.cpp:5
  return keepScores(scores, 0.5f);
                    ^
REPORT
)

tl --result-cache rc host_read_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "a host read across files"
expect_contains "$ERR" "1 finding in 1 of 2 analysed files" "summary"
expect_eq "$(jq -c '.functions[] | select(.name == "keepScores") | .requires[] | select(.kind == "on-host") | [.kind, .arg, .operation, .line]' rc/project-index.json)" '["on-host",0,"data_ptr",5]' "keepScores's precondition"

# Alone, service.cpp knows nothing of keepScores's body: silent.
tl host_read_project/service.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the file that defines its helper"

# The fix-it's host copy at the call: clean.
sed -i 's/keepScores(scores, 0.5f)/keepScores(scores.cpu(), 0.5f)/' host_read_project/service.cpp
tl --result-cache rc host_read_project
expect_rc 0
expect_contains "$ERR" "0 findings in 0 of 2 analysed files" "a host copy at the call"
echo "project_host_read: ok"
