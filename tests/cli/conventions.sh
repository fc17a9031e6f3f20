# Conventions users bring from clang-tidy, ruff and GitHub Actions (issue
# 39): clang-tidy's one-dash spellings, --exit-zero, --fix's status counting
# what is left, --format=github, a mistyped glob named, a file reached
# through a symbolic link reported once.
. "$(dirname "$0")/lib.sh"
mkdir -p proj build
input discarded.cpp proj/main.cpp
FINDING="result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move]"

# clang-tidy's -checks=...: the glob applies (the one rule it leaves finds
# nothing here).
tl '-checks=-*,torch-hardcoded-device' proj/main.cpp
expect_rc 0
tl '-checks=-*,torch-discarded-move' proj/main.cpp
expect_rc 1
expect_contains "$OUT" "main.cpp:6:5: warning: $FINDING" "-checks="
# -p=build, as clang-tidy and run-clang-tidy write it.
cat >build/compile_commands.json <<JSON
[{"directory": "$WORK/build", "file": "$WORK/proj/main.cpp",
  "arguments": ["c++", "-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
                "-c", "$WORK/proj/main.cpp"]}]
JSON
tl -v -p=build proj/main.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: note: $WORK/proj/main.cpp: command from build: c++ -working-directory=$WORK/build -std=c++17" "-p=build"

# --exit-zero: the findings are printed, the status is 0; errors still 2.
tl --exit-zero proj/main.cpp
expect_rc 0
expect_contains "$OUT" "main.cpp:6:5: warning: $FINDING" "--exit-zero prints"
tl --exit-zero proj/main.cpp proj/missing.cpp
expect_rc 2

# --format=github: workflow commands the Actions runner turns into
# annotations, paths relative to the source root, nothing else on stdout.
tl --format=github proj/main.cpp
expect_rc 1
expect_eq "$OUT" "::warning file=proj/main.cpp,line=6,col=5,title=torch-discarded-move::$FINDING" "github annotation"

# A glob that matches no rule beside one that does is named, not ignored.
tl --checks='-*,torch-discarded-move,torch-discraded-move' proj/main.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: warning: --checks: 'torch-discraded-move' matches no rule; see --list-rules" "typo named"

# A file and a symbolic link to it are one unit, reported once.
ln -s main.cpp proj/link.cpp
tl --format json proj
expect_rc 1
expect_eq "$(echo "$OUT" | jq -c '[.findings[] | (.file | split("/") | last)]')" '["main.cpp"]' "reported once"

# Without -p, compile_commands.json is looked up from each file upward, in
# every folder and its build/ folder (CMake's out-of-source build), as clangd
# and clang-tidy look; -v says which database gave each file its command.
mkdir -p cmake_proj/src cmake_proj/build
input discarded.cpp cmake_proj/src/main.cpp
cat >cmake_proj/build/compile_commands.json <<JSON
[{"directory": "$WORK/cmake_proj/build",
  "command": "/usr/bin/c++ -std=c++17 -isystem /usr/include/torch/csrc/api/include -o main.o -c $WORK/cmake_proj/src/main.cpp",
  "file": "$WORK/cmake_proj/src/main.cpp"}]
JSON
tl -v cmake_proj/src/main.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: note: $WORK/cmake_proj/src/main.cpp: command from $WORK/cmake_proj/build/compile_commands.json: /usr/bin/c++ -working-directory=$WORK/cmake_proj/build -std=c++17" "build/ database found"
expect_contains "$OUT" "cmake_proj/src/main.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with it"

# --fix exits 0 when it fixed every finding (ruff's convention), 1 when
# some are left.
input two_moves.cpp proj/two_moves.cpp
tl --fix proj/two_moves.cpp
expect_rc 0
expect_contains "$ERR" "applied 2 fix-its in 1 file" "fixed"
expect_contains "$ERR" "2 findings (2 fixed) in 1 of 1 analysed file" "summary counts the fixed"
exit 0
