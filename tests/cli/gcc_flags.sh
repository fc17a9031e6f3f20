# A compile database written for GCC: options Clang's driver does not know
# are dropped (Clang would stop with "unknown argument" and analyse nothing),
# -v names them, and the unit is analysed as usual.
. "$(dirname "$0")/lib.sh"
input discarded.cpp
cat >compile_commands.json <<JSON
[{"directory": "$WORK", "file": "discarded.cpp",
  "arguments": ["g++", "-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
                "-fno-canonical-system-headers",
                "-fconcepts-diagnostics-depth=2", "-fno-semantic-interposition",
                "-Wno-psabi", "-O2", "-c", "discarded.cpp", "-o", "discarded.o"]}]
JSON
tl -p . -v discarded.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: $WORK/discarded.cpp: dropped options Clang does not know: -fno-canonical-system-headers -fconcepts-diagnostics-depth=2" "dropped options"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "still analysed"
# Options Clang knows stay: a bad -std value is still the user's error.
cat >compile_commands.json <<JSON
[{"directory": "$WORK", "file": "discarded.cpp",
  "arguments": ["g++", "-std=c++99x", "-isystem", "/usr/include/torch/csrc/api/include",
                "-c", "discarded.cpp"]}]
JSON
tl -p . discarded.cpp
expect_rc 2
expect_contains "$ERR" "error: invalid value 'c++99x' in '-std=c++99x'" "a known option's bad value"
exit 0
