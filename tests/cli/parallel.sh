# -j N: the same output, in input order, whatever the parallelism.
. "$(dirname "$0")/lib.sh"
for f in discarded two_moves load device_var nolint clean; do input $f.cpp; done
tl -j1 -q .
expect_rc 1
ONE=$OUT
tl -j2 -q .
expect_rc 1
expect_eq "$OUT" "$ONE" "text for -j1 and -j2"
tl -j4 -q --format json .
FOUR=$(echo "$OUT" | jq -c '.findings')
tl -j1 -q --format json .
expect_eq "$(echo "$OUT" | jq -c '.findings')" "$FOUR" "json for -j1 and -j4"
expect_eq "$(echo "$OUT" | jq -c '[.findings[].file | split("/") | last] | unique')" \
  '["device_var.cpp","discarded.cpp","load.cpp","nolint.cpp","two_moves.cpp"]' "files with findings"
expect_eq "$(echo "$OUT" | jq '.summary.files_analysed')" 6 "files analysed"
# Not a terminal: one plain progress line per unit, no escape codes.
tl -j2 .
expect_eq "$(grep -c '^torchlint: \[[0-9]/6\]' <<<"$ERR")" 6 "plain progress lines"
case "$ERR" in *$'\e'*) fail "escape codes in a log" ;; esac
exit 0
