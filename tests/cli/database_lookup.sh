# compile_commands.json found without -p (README: "looked up from each file
# upward ... as clangd does"): every file of a run gets its own entry, not
# only the first. Before, the first file's walk up cached "no database" for
# its own folder, and every later file of that folder got the default flags
# while --verbose still named the database.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/src/sub proj/build
cd proj
git init -q
for f in a b sub/c; do
  cat >src/$f.cpp <<'CPP'
#include <torch/torch.h>

void f() {
  auto t = torch::ones({2});
#ifdef FROM_DB
  t.to(torch::kCPU); // only the database's command defines FROM_DB
#endif
}
CPP
done
entry() { # FILE
  echo "{\"directory\": \"$WORK/proj/build\", \"file\": \"$WORK/proj/src/$1\",
  \"arguments\": [\"c++\", \"-std=c++17\", \"-isystem\", \"/usr/include/torch/csrc/api/include\", \"-DFROM_DB=1\", \"-c\", \"$WORK/proj/src/$1\"]}"
}
echo "[$(entry a.cpp), $(entry b.cpp), $(entry sub/c.cpp)]" >build/compile_commands.json
tl -v src/a.cpp src/b.cpp src/sub/c.cpp
expect_rc 1
for f in a b sub/c; do
  expect_contains "$ERR" "torchlint: note: $WORK/proj/src/$f.cpp: command from $WORK/proj/build/compile_commands.json: c++ -working-directory=$WORK/proj/build -std=c++17 -isystem /usr/include/torch/csrc/api/include -DFROM_DB=1 -c $WORK/proj/src/$f.cpp" "$f.cpp's own database entry"
  expect_contains "$OUT" "$WORK/proj/src/$f.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "$f.cpp analysed with -DFROM_DB"
done
expect_contains "$ERR" "torchlint: 3 findings in 3 of 3 analysed files" "summary"
# -v says which LibTorch each command reaches: the database's command names
# Debian's 1.13, whatever the headers found for commands that name none
# (before, only "LibTorch headers from python3 torch ...", "release 2.13.0").
expect_contains "$ERR" "torchlint: note: LibTorch headers for commands that name none, from " "the located headers' role"
for f in a b sub/c; do
  expect_contains "$ERR" "torchlint: note: $WORK/proj/src/$f.cpp: LibTorch headers /usr/include/torch/csrc/api/include (release 1.13.0)" "$f.cpp's LibTorch"
done
# The same files as a folder input, in another order of walks.
tl src/
expect_rc 1
expect_contains "$ERR" "torchlint: 3 findings in 3 of 3 analysed files" "folder input"
exit 0
