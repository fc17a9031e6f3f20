# A header reached through an include folder spelled with "." or ".."
# (CMake's `${CMAKE_CURRENT_SOURCE_DIR}/./include`) is named the same in
# every format: lexically normalised, without resolving links. Before, the
# text and JSON reports said "proj/./include/move.h" while SARIF and GitHub
# annotations said "include/move.h".
. "$(dirname "$0")/lib.sh"
mkdir -p proj/src proj/include proj/build
cd proj
git init -q
cat >include/move.h <<'CPP'
#include <torch/torch.h>
inline void moveIt(torch::Tensor t) {
  t.to(torch::kCPU);
}
CPP
cat >src/main.cpp <<'CPP'
#include "move.h"

int main() { moveIt(torch::ones({2})); }
CPP
for dir in "$WORK/proj/./include" "$WORK/proj/src/../include"; do
  cat >build/compile_commands.json <<JSON
[{"directory": "$WORK/proj/build", "file": "$WORK/proj/src/main.cpp",
  "arguments": ["c++", "-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
                "-I$dir", "-c", "$WORK/proj/src/main.cpp"]}]
JSON
  tl src/main.cpp
  expect_rc 1
  expect_eq "$(grep ': warning: ' <<<"$OUT" | cut -d: -f1-3)" "$WORK/proj/include/move.h:3:5" "text report, -I$dir"
  tl --format json -o report.json src/main.cpp
  expect_rc 1
  expect_eq "$(jq -r '.findings[].file' report.json | tr '\n' ' ')" "$WORK/proj/include/move.h " "JSON report, -I$dir"
  tl --format github -o report.github src/main.cpp
  expect_contains "$(cat report.github)" "file=include/move.h,line=3" "GitHub annotation, -I$dir"
done
exit 0
