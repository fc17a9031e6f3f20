# --diff REF keeps findings on lines changed since REF; --line-filter takes
# clang-tidy's JSON.
. "$(dirname "$0")/lib.sh"
git init -q repo && cd repo
git config user.email t@example.com && git config user.name t
input discarded.cpp "$PWD/a.cpp"
git add a.cpp && git commit -qm base
# A new discarded move on a new line 7; the old one on line 6 stays.
sed -i '6a\  t.cpu();' a.cpp
tl --diff HEAD a.cpp
expect_rc 1
expect_eq "$(grep -c 'warning:' <<<"$OUT")" 1 "only the changed line"
expect_contains "$OUT" "a.cpp:7:5: warning: result of 't.cpu()'" "the new finding"
expect_contains "$ERR" "1 outside the line/header filter" "filtered count"
tl --diff HEAD --format json a.cpp
expect_eq "$(echo "$OUT" | jq -c '[.findings[].line]')" "[7]" "json honours --diff"
git commit -qam second
tl --diff HEAD a.cpp
expect_rc 0
tl --line-filter '[{"name":"a.cpp","lines":[[6,6]]}]' a.cpp
expect_rc 1
expect_contains "$OUT" "a.cpp:6:5: warning" "line filter"
expect_eq "$(grep -c 'warning:' <<<"$OUT")" 1 "line filter count"
tl --diff no-such-ref a.cpp
expect_rc 2
exit 0
