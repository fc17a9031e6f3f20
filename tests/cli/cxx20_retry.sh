# A file that does not compile as C++17 (torchlint's standard when no
# compile database names one) because it uses C++20 is parsed again with
# -std=c++20 and analysed; -v says so. A compile database's standard is the
# project's and is kept; a C++17 file with a real error is not retried.
. "$(dirname "$0")/lib.sh"
input cxx20_ranges.cpp
input broken.cpp
FINDING="cxx20_ranges.cpp:13:5: warning: result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move]"
RETRIED="cxx20_ranges.cpp: does not compile as C++17 and uses C++20; analysed with -std=c++20 (no compile database names the project's standard)"

tl cxx20_ranges.cpp
expect_rc 1
expect_contains "$OUT" "$FINDING" "analysed as C++20"
case "$ERR" in *"$RETRIED"*) fail "the retry is named without -v: $ERR" ;; esac

tl -v cxx20_ranges.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: note: $WORK/$RETRIED" "-v names the retry"
expect_contains "$OUT" "$FINDING" "analysed as C++20 with -v"

# A compile database that says C++17: the project's standard, not retried.
cat >compile_commands.json <<JSON
[{"directory": "$WORK", "file": "cxx20_ranges.cpp",
  "arguments": ["clang++", "-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
                "-c", "cxx20_ranges.cpp"]}]
JSON
tl -p . -v cxx20_ranges.cpp
expect_rc 2
expect_contains "$ERR" "does not compile" "the database's standard kept"
case "$ERR" in *"analysed with -std=c++20"*) fail "retried under a compile database: $ERR" ;; esac
rm compile_commands.json

# A C++17 file with a real error uses no C++20: one parse, its error.
tl -v broken.cpp
expect_rc 2
expect_contains "$ERR" "does not compile" "a real error stays an error"
case "$ERR" in *"analysed with -std=c++20"*) fail "a C++17 error was retried: $ERR" ;; esac
echo PASS
