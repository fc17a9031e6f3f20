# --explain prints the rule's doc page embedded at build time (or, until the
# page exists, its summary); unknown rules are usage errors.
. "$(dirname "$0")/lib.sh"
DOCS=$(dirname "$0")/../../docs/rules
for id in $("$TORCHLINT" --list-rules | sed -n 's/^  \(torch-[a-z-]*\) .*/\1/p'); do
  tl --explain $id
  expect_rc 0
  if [ -f "$DOCS/$id.md" ]; then
    expect_eq "$OUT" "$(cat "$DOCS/$id.md")" "$id doc page"
  else
    expect_eq "$(head -1 <<<"$OUT")" "# $id" "$id fallback title"
  fi
done
tl --explain torch-no-such-rule
expect_rc 2
exit 0
