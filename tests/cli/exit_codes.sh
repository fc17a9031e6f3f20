# Exit status: 0 clean, 1 findings (warnings or errors), 2 analysis errors.
. "$(dirname "$0")/lib.sh"
input clean.cpp; input discarded.cpp; input broken.cpp
tl clean.cpp
expect_rc 0
tl discarded.cpp
expect_rc 1
expect_contains "$OUT" "warning: result of 't.to(torch::kCPU)'" "warning text"
tl --warnings-as-errors='torch-discarded-*' discarded.cpp
expect_rc 1
expect_contains "$OUT" "error: result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move,-warnings-as-errors]" "error text, marked as clang-tidy marks it"
tl --warnings-as-errors='torch-discarded-*' --format json discarded.cpp
expect_eq "$(echo "$OUT" | jq -r '.findings[0].severity')" error "promoted severity"
tl discarded.cpp broken.cpp
expect_rc 2
expect_contains "$ERR" "broken.cpp' does not compile" "failure message"
tl --checks='-*' discarded.cpp
expect_rc 2
tl --checks='-*,torch-hardcoded-device' discarded.cpp
expect_rc 0
exit 0
