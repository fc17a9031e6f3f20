# A .clang-tidy HeaderFilterRegex that llvm::Regex (POSIX extended) cannot
# compile, as CLion writes it ('^.*(?:extras/).*'). clang-tidy 16 accepts
# it and matches no header with it (checked with clang-tidy-16 on a header
# finding of bugprone-assignment-in-if-condition: reported with
# --header-filter='.*extras/.*', not with this one). torchlint does the
# same, says so once per run naming the file and the key, and analyses
# every file. Before, every unit failed (exit 2, "0 of 0 analysed files"),
# the error repeated per file without naming the .clang-tidy.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/extras
cd proj
git init -q
cat >.clang-tidy <<'YAML'
Checks: '-*,bugprone-*'
WarningsAsErrors: 'yes'
HeaderFilterRegex: '^.*(?:extras/).*'
YAML
cat >extras/move.h <<'CPP'
#include <torch/torch.h>
inline void moveIt(torch::Tensor t) {
  t.to(torch::kCPU);
}
CPP
for f in a b; do
  cat >$f.cpp <<'CPP'
#include "extras/move.h"

int main() {
  auto t = torch::ones({2});
  t.to(torch::kCPU);
  moveIt(t);
}
CPP
done
WARNING="torchlint: warning: $WORK/proj/.clang-tidy: HeaderFilterRegex '^.*(?:extras/).*' is not a POSIX extended regular expression (repetition-operator operand invalid); as clang-tidy does, it matches no header, so findings in headers are not reported (write '(extras/)' for '(?:extras/)', or pass --header-filter)"
tl a.cpp b.cpp
expect_rc 1
expect_eq "$(grep -c 'HeaderFilterRegex' <<<"$ERR")" 1 "the warning is said once"
expect_contains "$ERR" "$WARNING" "the warning names the file and the key"
expect_contains "$OUT" "$WORK/proj/a.cpp:5:5: warning: result of 't.to(torch::kCPU)' is discarded" "a.cpp analysed"
expect_contains "$OUT" "$WORK/proj/b.cpp:5:5: warning: result of 't.to(torch::kCPU)' is discarded" "b.cpp analysed"
case "$OUT" in *extras/move.h*) fail "a header finding passed a filter that matches no header: $OUT" ;; esac
expect_contains "$ERR" "torchlint: 2 findings in 2 of 2 analysed files" "summary"
# --dump-config shows the value as written, and the same warning.
tl --dump-config a.cpp
expect_rc 0
expect_contains "$OUT" "HeaderFilterRegex: '^.*(?:extras/).*'" "--dump-config"
expect_eq "$ERR" "$WARNING" "--dump-config's warning"
# The command line decides over the file, and then nothing is said of it.
tl --header-filter='.*' a.cpp b.cpp
expect_rc 1
case "$ERR" in *HeaderFilterRegex*) fail "warned about a value --header-filter replaced: $ERR" ;; esac
expect_contains "$OUT" "$WORK/proj/extras/move.h:3:5: warning: result of 't.to(torch::kCPU)' is discarded" "--header-filter='.*' shows the header"
# A regex typed on the command line is a usage error, said once.
tl --header-filter='(?:x)' a.cpp b.cpp
expect_rc 2
expect_eq "$ERR" "torchlint: error: --header-filter='(?:x)' is not a POSIX extended regular expression: repetition-operator operand invalid" "--header-filter"
exit 0
