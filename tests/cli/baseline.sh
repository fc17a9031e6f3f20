# A baseline records today's findings; later runs report only new ones, even
# after edits that shift every line.
. "$(dirname "$0")/lib.sh"
input two_moves.cpp
tl --write-baseline base.json two_moves.cpp
expect_rc 0
expect_eq "$(jq '.findings | length' base.json)" 2 "recorded findings"
expect_eq "$(jq -r '.findings[0].file' base.json)" two_moves.cpp "relative path"
tl --baseline base.json two_moves.cpp
expect_rc 0
expect_contains "$ERR" "2 in the baseline" "baseline count"
# Shift every line by three and reindent one finding.
{ printf '// a\n// b\n// c\n'; sed 's/^  x.cpu();/      x.cpu();/' two_moves.cpp; } > shifted.cpp
mv shifted.cpp two_moves.cpp
tl --baseline base.json two_moves.cpp
expect_rc 0
# A second identical finding is new (occurrence index 1).
sed -i '8a\  x.to(torch::kCPU);' two_moves.cpp
tl --baseline base.json --format json two_moves.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | jq -c '[.findings[] | [.line, (.fingerprint | split(":") | last)]]')" \
  '[[9,"1"]]' "only the new finding"

# Line numbers quoted in a message ("chosen at run time at line 6") move with
# the code; the fingerprint must not.
input stray_labels.cpp
tl --write-baseline labels.json stray_labels.cpp
expect_rc 0
{ printf '// one more line\n'; cat stray_labels.cpp; } > moved.cpp
mv moved.cpp stray_labels.cpp
tl --baseline labels.json stray_labels.cpp
expect_rc 0

# The provenance is part of the fingerprint. Lines added between the birth
# and the crash, and above both, move every line and keep the bug: known.
sed -i 's|^  auto labels = |  // The labels of the two samples.\n  auto labels = |' stray_labels.cpp
sed -i 's|^  auto loss = |  // Cross entropy over three classes.\n  auto loss = |' stray_labels.cpp
tl --baseline labels.json --format json stray_labels.cpp
expect_rc 0
expect_eq "$(jq -c '.summary | [.findings, .in_baseline]' <<<"$OUT")" "[0,1]" "moved bug is known"
# Same crash line, same message, but the labels are now born on a new line
# (the old birth was fixed, a new CPU tensor replaces it): a new bug.
sed -i 's|^  auto labels = torch::tensor({0, 2});|  auto labels = torch::tensor({0, 2}).to(device);\n  labels = torch::tensor({1, 0});|' stray_labels.cpp
tl --baseline labels.json --format json stray_labels.cpp
expect_rc 1
expect_eq "$(jq -c '[.findings[] | [.line, .notes[0].line, .notes[0].line_text]]' <<<"$OUT")" \
  '[[14,12,"labels = torch::tensor({1, 0});"]]' "new birth, new finding"
expect_eq "$(jq -r '.findings[0].message' <<<"$OUT")" \
  "$(jq -r '.findings[0].message' labels.json | sed 's/line 6/line 7/')" \
  "the message alone could not tell"

# A baseline of fingerprint version 1 (no provenance) would match nothing and
# report every old finding as new: it is an error.
jq '.version = 1' labels.json >old.json
tl --baseline old.json stray_labels.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: 'old.json' holds fingerprints of version 1; this torchlint computes version 2 (the provenance counts now): record it again with --write-baseline" \
  "old baseline"
exit 0
