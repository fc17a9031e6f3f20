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
exit 0
