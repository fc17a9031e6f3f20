# NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/END with globs, counted and applied to
# every output format; unmatched BEGIN is an error diagnostic.
. "$(dirname "$0")/lib.sh"
input nolint.cpp; input nolint_unmatched.cpp
tl nolint.cpp
expect_rc 1
expect_eq "$(grep -c 'warning:' <<<"$OUT")" 1 "one unsuppressed finding"
expect_contains "$OUT" "nolint.cpp:15:5: warning" "the finding left"
expect_contains "$ERR" "suppressed 6 by NOLINT" "suppressed count"
tl --format json nolint.cpp
expect_eq "$(echo "$OUT" | jq -c '[.findings[].line]')" "[15]" "json lines"
expect_eq "$(echo "$OUT" | jq '.summary.suppressed')" 6 "json suppressed"
tl --format sarif nolint.cpp
expect_eq "$(echo "$OUT" | jq '.runs[0].results | length')" 1 "sarif results"
tl nolint_unmatched.cpp
expect_rc 1
expect_contains "$OUT" "nolint_unmatched.cpp:6:6: error: unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment [clang-tidy-nolint]" "unmatched begin"
expect_contains "$OUT" "nolint_unmatched.cpp:7:5: warning" "unmatched begin silences nothing"
exit 0
