# Pre-merge mode follows the provenance (issue 14): a bug is born in one place
# and crashes in another, and --diff / --line-filter keep a finding when its
# own line or a line of one of its notes changed, saying which change ties it.
# Each case is a git history of real LibTorch programs: a correct base, a
# commit that introduces the bug away from the warning's line, and a commit
# that changes only unrelated lines.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

git init -q repo && cd repo
git config user.email t@example.com && git config user.name t
input train_loop.cpp "$PWD/train.cpp"
input masked_head.cpp "$PWD/head.cpp"
input make_labels.h "$PWD/make_labels.h"
input uses_make_labels.cpp "$PWD/uses_labels.cpp"
git add . && git commit -qm "correct programs"

tl --diff HEAD train.cpp head.cpp uses_labels.cpp
expect_rc 0

# last_note: the last note line of the text output.
last_note() { grep ': note: ' <<<"$OUT" | tail -n 1; }
warnings() { grep -c ': warning: ' <<<"$OUT" || true; }

# ---- torch-device-mismatch: the labels lose their .to(device) -------------
# The warning is at the loss (line 17); the change is at the labels (line 13).
sed -i 's/\(torch::tensor({0, 1, 2, 0, 1, 2, 0, 1})\)\.to(device)/\1/' train.cpp
expect_eq "$(git diff --numstat | tr '\t' ' ')" "1 1 train.cpp" "one line changed"
tl --diff HEAD train.cpp
expect_rc 1
expect_eq "$(warnings)" 1 "one finding"
expect_eq "$(grep ': warning: ' <<<"$OUT")" \
  "$PWD/train.cpp:17:17: warning: 'torch::nn::functional::cross_entropy' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'logits' (argument 'input') is on 'device', chosen at run time at line 7 [torch-device-mismatch]" \
  "the crash site"
expect_eq "$(grep ': note: ' <<<"$OUT")" \
  "$PWD/train.cpp:13:17: note: 'labels' is created on the CPU here ('torch::tensor' with no device)
$PWD/train.cpp:10:10: note: 'model' is moved to 'device' here
$PWD/train.cpp:16:19: note: 'logits' is computed by 'model' here
$PWD/train.cpp:13:17: note: introduced by the change at train.cpp:13" \
  "provenance notes, then the tying note"
# The tying note is rendered by clang like the others, with its source line.
expect_eq "$(tail -n 2 <<<"$OUT")" \
  "  auto labels = torch::tensor({0, 1, 2, 0, 1, 2, 0, 1});
                ^" "the tying note's snippet"
# A work tree reached through a symbolic link: git names the real paths,
# clang the linked ones; they are the same files.
ln -s "$WORK/repo" "$WORK/link"
cd "$WORK/link"
tl --diff HEAD train.cpp
expect_rc 1
expect_eq "$(last_note)" \
  "$WORK/link/train.cpp:13:17: note: introduced by the change at train.cpp:13" \
  "through a symbolic link"
cd "$WORK/repo"
# The whole-file run has the same finding, without the tie.
tl train.cpp
expect_rc 1
expect_eq "$(grep -c 'introduced by' <<<"$OUT" || true)" 0 "no tie without --diff"

# JSON and SARIF say the same.
tl --diff HEAD --format json train.cpp
expect_rc 1
expect_eq "$(jq -c '[.findings[] | [.line, .column, (.notes | length)]]' <<<"$OUT")" \
  "[[17,17,3]]" "json finding, provenance notes only"
expect_eq "$(jq -c '.findings[0].introduced_by | [.line, .column, .message, .line_text]' <<<"$OUT")" \
  '[13,17,"introduced by the change at train.cpp:13","auto labels = torch::tensor({0, 1, 2, 0, 1, 2, 0, 1});"]' \
  "json introduced_by"
tl --diff HEAD --format sarif train.cpp
expect_rc 1
R0='.runs[0].results[0]'
expect_eq "$(jq -c "[$R0.relatedLocations[] | [.id, .physicalLocation.region.startLine, .message.text]]" <<<"$OUT")" \
  "[[1,13,\"'labels' is created on the CPU here ('torch::tensor' with no device)\"],[2,10,\"'model' is moved to 'device' here\"],[3,16,\"'logits' is computed by 'model' here\"],[4,13,\"introduced by the change at train.cpp:13\"]]" \
  "sarif relatedLocations end with the tie"
expect_eq "$(jq -c "[$R0.codeFlows[0].threadFlows[0].locations[].location.physicalLocation.region.startLine]" <<<"$OUT")" \
  "[13,10,16,17]" "the code flow is the provenance only"
expect_eq "$(jq -r "$R0.relatedLocations[3].physicalLocation.artifactLocation.uri" <<<"$OUT")" \
  "train.cpp" "sarif tie location"

# --line-filter ties the same way.
tl --line-filter '[{"name":"train.cpp","lines":[[13,13]]}]' train.cpp
expect_rc 1
expect_eq "$(warnings)" 1 "line filter on the birth line"
expect_eq "$(last_note)" \
  "$PWD/train.cpp:13:17: note: introduced by the change at train.cpp:13" \
  "line filter tie"
tl --line-filter '[{"name":"train.cpp","lines":[[11,12],[14,15],[18,22]]}]' train.cpp
expect_rc 0
expect_eq "$OUT" "" "no line of the provenance"
expect_contains "$ERR" "1 outside the line/header filter" "counted as filtered"
git commit -qam "labels stay on the CPU"

# ---- A change to unrelated lines reports nothing ---------------------------
# The learning rate (line 11) and the epochs (line 14) are in no note.
sed -i 's|/\*lr=\*/0.1|/*lr=*/0.05|; s/epoch < 3/epoch < 5/' train.cpp
expect_eq "$(git diff --numstat | tr '\t' ' ')" "2 2 train.cpp" "two lines changed"
tl --diff HEAD train.cpp
expect_rc 0
expect_eq "$OUT" "" "unrelated change"
expect_contains "$ERR" "1 outside the line/header filter" "the old bug is filtered"
git commit -qam "tune"

# ---- Deleting a line changes no line that remains --------------------------
# A deleted statement that names none of the finding's tensors: nothing.
sed -i '/optimizer.zero_grad();/d' train.cpp
tl --diff HEAD train.cpp
expect_rc 0
expect_eq "$OUT" "" "unrelated deletion"
git checkout -q train.cpp
# The labels are moved by a statement of their own; deleting it ties the
# finding by the deleted code, at the line now where it was.
sed -i 's/^  auto labels = torch::tensor({0, 1, 2, 0, 1, 2, 0, 1});$/&\n  labels = labels.to(device);/' train.cpp
tl train.cpp
expect_rc 0
git commit -qam "move the labels apart"
sed -i '/^  labels = labels.to(device);$/d' train.cpp
expect_eq "$(git diff --numstat | tr '\t' ' ')" "0 1 train.cpp" "a pure deletion"
tl --diff HEAD train.cpp
expect_rc 1
expect_eq "$(grep ': warning: ' <<<"$OUT" | cut -d' ' -f1)" "$PWD/train.cpp:17:17:" "deletion: the crash site"
expect_eq "$(last_note)" \
  "$PWD/train.cpp:14:1: note: introduced by the change at train.cpp:14, which deleted 'labels = labels.to(device);'" \
  "deletion tie"
tl --diff HEAD --format json train.cpp
expect_eq "$(jq -c '.findings[0].introduced_by | [.line, .column, .message]' <<<"$OUT")" \
  "[14,1,\"introduced by the change at train.cpp:14, which deleted 'labels = labels.to(device);'\"]" \
  "deletion tie in json"
git commit -qam "labels stay on the CPU again"

# ---- torch-factory-missing-device: the warning is at the factory ----------
# The change is at the line where the mask meets the input (line 10).
sed -i 's/return h \* mask\.to(h\.device());/return h * mask;/' head.cpp
tl --diff HEAD head.cpp
expect_rc 1
expect_eq "$(grep ': warning: ' <<<"$OUT")" \
  "$PWD/head.cpp:8:17: warning: 'torch::ones' creates a tensor on the CPU, but it is used with 'h', which is on the device of input 'x' [torch-factory-missing-device]" \
  "factory finding"
expect_eq "$(grep ': note: ' <<<"$OUT")" \
  "$PWD/head.cpp:10:14: note: they meet in 'operator*' here
$PWD/head.cpp:10:14: note: introduced by the change at head.cpp:10" \
  "factory tie through the meeting note"
tl --diff HEAD --format json head.cpp
expect_eq "$(jq -c '[.findings[] | [.rule, .line, .introduced_by.line, .introduced_by.message]]' <<<"$OUT")" \
  '[["torch-factory-missing-device",8,10,"introduced by the change at head.cpp:10"]]' \
  "factory json"
tl --line-filter '[{"name":"head.cpp","lines":[[10,10]]}]' head.cpp
expect_rc 1
expect_eq "$(last_note)" \
  "$PWD/head.cpp:10:14: note: introduced by the change at head.cpp:10" \
  "factory line filter"
git commit -qam "mask stays on the CPU"
sed -i 's/torch::randn({2, 8}, device)/torch::randn({3, 8}, device)/' head.cpp
tl --diff HEAD head.cpp
expect_rc 0
expect_eq "$OUT" "" "factory: unrelated change"
git commit -qam "batch of three"

# ---- A helper in a header stops moving its result -------------------------
# Only make_labels.h changes; the finding is in uses_labels.cpp.
sed -i 's/return torch::tensor({0, 1, 2, 0})\.to(device);/return torch::tensor({0, 1, 2, 0});/' make_labels.h
expect_eq "$(git diff --name-only)" "make_labels.h" "only the header changed"
tl --diff HEAD uses_labels.cpp
expect_rc 1
expect_eq "$(grep ': warning: ' <<<"$OUT" | cut -d' ' -f1)" \
  "$PWD/uses_labels.cpp:13:15:" "the finding in the including file"
expect_eq "$(grep ': note: ' <<<"$OUT")" \
  "$PWD/make_labels.h:6:10: note: 'labels' is created on the CPU here ('torch::tensor' with no device)
$PWD/uses_labels.cpp:12:17: note: 'labels' is returned by 'makeLabels' here
$PWD/uses_labels.cpp:10:10: note: 'model' is moved to 'device' here
$PWD/uses_labels.cpp:11:17: note: 'logits' is computed by 'model' here
$PWD/make_labels.h:6:10: note: introduced by the change at make_labels.h:6" \
  "tied by the header's line"
tl --line-filter '[{"name":"make_labels.h","lines":[[6,6]]}]' uses_labels.cpp
expect_rc 1
expect_eq "$(last_note)" \
  "$PWD/make_labels.h:6:10: note: introduced by the change at make_labels.h:6" \
  "header line filter"
git commit -qam "helper forgets the device"
sed -i '1s/.*/\/\/ A helper that builds the labels (on the CPU now)./' make_labels.h
tl --diff HEAD uses_labels.cpp
expect_rc 0
expect_eq "$OUT" "" "header: unrelated change"
git commit -qam "comment"

# ---- Untracked and newly added files count in full -------------------------
cp train.cpp fresh.cpp
tl --diff HEAD train.cpp fresh.cpp
expect_rc 1
expect_eq "$(grep ': warning: ' <<<"$OUT" | cut -d' ' -f1)" "$PWD/fresh.cpp:17:17:" \
  "the untracked file's finding only"
expect_eq "$(last_note)" \
  "$PWD/fresh.cpp:17:17: note: introduced by the change at fresh.cpp:17" \
  "untracked tie"
git add fresh.cpp
tl --diff HEAD train.cpp fresh.cpp
expect_rc 1
expect_eq "$(grep ': warning: ' <<<"$OUT" | cut -d' ' -f1)" "$PWD/fresh.cpp:17:17:" \
  "a newly added file"
# An ignored file is neither tracked nor a change.
git rm -q --cached fresh.cpp
echo fresh.cpp >.git/info/exclude
tl --diff HEAD fresh.cpp
expect_rc 0

# ---- Failures are errors, never an empty filter ----------------------------
# A ref that looks like an option is a bad revision, not git's --output.
tl --diff=--output=pwned.txt train.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: git diff --output=pwned.txt: fatal: bad revision '--output=pwned.txt'" \
  "ref after --end-of-options"
[ ! -e pwned.txt ] || fail "git wrote --output=pwned.txt"
expect_eq "$OUT" "" "no findings printed"
tl --diff no-such-ref train.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: git diff no-such-ref: fatal: bad revision 'no-such-ref'" "unknown ref"
# No temporary file for git's output: an error, not an empty diff.
TMPDIR="$WORK/missing" tl --diff HEAD train.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: --diff: cannot create a temporary file for the output of 'git'" \
  "temporary file failure"
expect_eq "$OUT" "" "no findings printed"
# No git at all (the binary is run directly: tl itself needs PATH).
RC=0
PATH=/nonexistent "$TORCHLINT" --cache-dir "$TL_CACHE" --diff HEAD train.cpp \
  >"$WORK/.out" 2>"$WORK/.err" || RC=$?
ERR=$(cat "$WORK/.err")
expect_rc 2
expect_contains "$ERR" "torchlint: error: --diff: 'git' not found in PATH" "git missing"
# Not a work tree.
mkdir "$WORK/plain" && cp train.cpp "$WORK/plain/" && cd "$WORK/plain"
tl --diff HEAD train.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: --diff: fatal: not a git repository" "not a work tree"
exit 0
