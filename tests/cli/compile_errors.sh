# Compile errors (issue 39): clang's error text goes to stderr, beside the
# line that says what it stopped, in every format; stdout holds the report
# only. Errors inside function bodies leave those functions out and the rest
# of the file analysed, and the line names the first error and the functions;
# an error outside any function body leaves the file unanalysed, and says
# why. Either way the run exits 2.
. "$(dirname "$0")/lib.sh"
input partly_broken.cpp
input broken_declaration.cpp
input discarded.cpp
W=$WORK

tl partly_broken.cpp
expect_rc 2
expect_eq "$OUT" "$W/partly_broken.cpp:20:5: warning: result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move]
  t.to(torch::kCPU); // Reported: this function parsed without errors.
    ^
  t = " "only the function without errors is reported"
expect_contains "$ERR" "torchlint: error: '$W/partly_broken.cpp' does not compile (2 errors, the first: $W/partly_broken.cpp:8:14: use of undeclared identifier 'undefined_thing'); the functions 'helper' and 'main' that hold them were not analysed, the rest of the file was" "what stopped, and what was left out"
expect_contains "$ERR" "  partly analysed: $W/partly_broken.cpp" "summary"
expect_contains "$ERR" "$W/partly_broken.cpp:8:14: error: use of undeclared identifier 'undefined_thing'
  return y + undefined_thing;
             ^" "clang's error on stderr"
case "$OUT" in *error:*) fail "compile errors on stdout: $OUT" ;; esac

tl broken_declaration.cpp discarded.cpp
expect_rc 2
expect_eq "$(grep -c ': warning: ' <<<"$OUT")" 1 "the good file's finding only"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of" "the good file"
expect_contains "$ERR" "$W/broken_declaration.cpp:6:3: error: unknown type name 'unknown_type'" "clang's error on stderr"
expect_contains "$ERR" "torchlint: error: '$W/broken_declaration.cpp' does not compile (1 error: $W/broken_declaration.cpp:6:3: unknown type name 'unknown_type'); it was not analysed: the error is outside any function body, so nothing after it can be trusted" "why nothing was analysed"
expect_contains "$ERR" "  not analysed: $W/broken_declaration.cpp" "summary"
case "$OUT" in *error:*) fail "compile errors on stdout: $OUT" ;; esac

# JSON keeps stdout a document; the errors still reach the terminal.
tl --format json partly_broken.cpp broken_declaration.cpp
expect_rc 2
expect_eq "$(jq -r '[.findings[] | "\(.file | split("/") | last):\(.line)"] | join(" ")' <<<"$OUT")" \
  "partly_broken.cpp:20" "findings of the partly analysed file"
expect_eq "$(jq -c '[.units[] | .analysed]' <<<"$OUT")" "[false,true]" "units analysed"
expect_eq "$(jq -r '.summary.failures | length' <<<"$OUT")" 2 "both fail the run"
expect_contains "$ERR" "$W/partly_broken.cpp:8:14: error: use of undeclared identifier 'undefined_thing'" "errors beside JSON"
exit 0
