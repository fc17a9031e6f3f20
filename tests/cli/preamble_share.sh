# One preamble serves a whole project: files with different LibTorch include
# lines (in any order) and different project -I folders share it; a file
# whose includes cannot use it says why under -v; failed builds are not
# retried by every unit; --cache-size bounds the folder.
. "$(dirname "$0")/lib.sh"
CACHE=$WORK/preambles
mkdir -p src inc
cat >src/a.cpp <<'CPP'
#include <torch/torch.h>
int main() {
  auto t = torch::ones({2});
  t.cpu();
}
CPP
cat >src/b.cpp <<'CPP'
#include <torch/script.h>
int main() { return torch::ones({2}).dim() == 1 ? 0 : 1; }
CPP
cat >src/c.cpp <<'CPP'
// Both umbrella headers, in the other order.
#include <torch/script.h>
#include <torch/torch.h>
int main() { return torch::ones({2}).dim() == 1 ? 0 : 1; }
CPP
cat >src/d.cpp <<'CPP'
#include <ATen/ATen.h>
#include <torch/torch.h>
#include "h.h"
int main() { return helper() + (torch::ones({2}).dim() == 1 ? 0 : 1); }
CPP
echo 'inline int helper() { return 0; }' >inc/h.h
# LibTorch only through the project's own header: g.cpp uses the project's
# preamble too (the header would include LibTorch a line later anyway).
cat >inc/model.h <<'CPP'
#pragma once
#include <torch/torch.h>
inline torch::Tensor make() { return torch::zeros({2}); }
CPP
cat >src/g.cpp <<'CPP'
#include "model.h"
int main() {
  auto t = make();
  t.cuda();
}
CPP
cat >src/e.cpp <<'CPP'
// A macro before LibTorch: its include cannot be moved into a preamble.
#define E_VERSION 2
#include <torch/torch.h>
int main() { return torch::ones({E_VERSION}).dim() == 1 ? 0 : 1; }
CPP
# Each unit has its own project folders; LibTorch is reached the same way.
TORCH_FLAGS="-std=c++17 -isystem /usr/include/torch/csrc/api/include"
[ -f /usr/include/torch/csrc/api/include/torch/torch.h ] ||
  skip "Debian's libtorch-dev headers are not installed"
cat >compile_commands.json <<JSON
[
{"directory":"$WORK","file":"src/a.cpp","command":"c++ $TORCH_FLAGS -c src/a.cpp"},
{"directory":"$WORK","file":"src/b.cpp","command":"c++ $TORCH_FLAGS -Isrc -c src/b.cpp"},
{"directory":"$WORK","file":"src/c.cpp","command":"c++ $TORCH_FLAGS -I$WORK/src -iquote src -c src/c.cpp"},
{"directory":"$WORK","file":"src/d.cpp","command":"c++ $TORCH_FLAGS -Iinc -c src/d.cpp"},
{"directory":"$WORK","file":"src/e.cpp","command":"c++ $TORCH_FLAGS -c src/e.cpp"},
{"directory":"$WORK","file":"src/g.cpp","command":"c++ $TORCH_FLAGS -Iinc -c src/g.cpp"}
]
JSON
run() { # ARGS...: torchlint with its own preamble folder
  RC=0
  "$TORCHLINT" --cache-dir "$CACHE" --color never "$@" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
  OUT=$(cat "$WORK/.out")
  ERR=$(cat "$WORK/.err")
}
run -p . -v -j2 src
expect_rc 1
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 1 "preambles built"
expect_eq "$(ls "$CACHE"/*.pch | wc -l)" 1 "preambles in the cache"
# The project's preamble holds the union, umbrella headers first.
expect_eq "$(cat "$CACHE"/preamble-*.h)" "#include <torch/torch.h>
#include <torch/script.h>
#include <ATen/ATen.h>" "the project's preamble"
expect_contains "$ERR" "torchlint: $WORK/src/e.cpp: parsed without a shared preamble: no LibTorch include at the head of the file" "why e.cpp"
expect_eq "$(grep -c 'shared preamble:' <<<"$ERR")" 1 "only e.cpp declines"
# -v names the preamble each other unit reads: the one in the cache.
PCH=$(ls "$CACHE"/*.pch)
expect_eq "$(grep -c "\.cpp: using the preamble $PCH\$" <<<"$ERR")" "$(($(ls src/*.cpp | wc -l) - 1))" "every unit but e.cpp reads the project's preamble"
# Two discarded moves, and g.cpp's t.cuda() without a guard in a project
# that shows neither a CPU fallback nor that it needs CUDA
# (torch-hardcoded-device, RequiresCuda auto).
expect_eq "$(grep -c ': warning: ' <<<"$OUT")" 3 "findings"
expect_contains "$OUT" "$WORK/src/g.cpp:4:5: warning: 't.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]" "g.cpp's hard-coded device"
expect_contains "$OUT" "$WORK/src/g.cpp:4:5: warning: result of 't.cuda()' is discarded" "g.cpp analysed"
expect_contains "$OUT" "$WORK/src/a.cpp:4:5: warning: result of 't.cpu()' is discarded" "finding"

# A warm run builds nothing.
run -p . -v -j2 src
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 0 "warm run"

# A file linted alone, and the project copied elsewhere (its database
# rewritten, as a CMake configure there writes it), reuse the project's
# preamble: the working folder and the project's own folders are no part of
# its key, and one that holds more includes than a unit names serves it.
run -p . -v src/a.cpp
expect_rc 1
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 0 "one file alone"
expect_contains "$ERR" "src/a.cpp: using the preamble $PCH" "one file alone"
mkdir copy
cp -r src inc copy/
sed "s#$WORK#$WORK/copy#g" compile_commands.json >copy/compile_commands.json
run -p copy -v -j2 copy/src
expect_rc 1
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 0 "a copied project"
expect_eq "$(grep -c "\.cpp: using the preamble $PCH\$" <<<"$ERR")" 5 "a copied project"
rm -rf copy

# A flag that changes LibTorch's headers (-D) makes another preamble, and
# -v says how its flags differ from the nearest cached one's.
run -v src/a.cpp -- $TORCH_FLAGS -DTORCHLINT_TEST_FLAG=1
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 1 "-D builds another"
expect_contains "$ERR" "torchlint: $WORK/src/a.cpp: a new preamble: no cached preamble has these flags; the nearest, $PCH, differs: these flags add '-DTORCHLINT_TEST_FLAG=1'" "why it builds"
expect_eq "$(ls "$CACHE"/*.pch | wc -l)" 2 "two preambles"
# The size bound keeps the one just built and drops the least recently used.
run -v --cache-size 1K src/a.cpp -- $TORCH_FLAGS -DTORCHLINT_TEST_FLAG=2
expect_eq "$(ls "$CACHE"/*.pch | wc -l)" 1 "bounded to the newest"
run --cache-size many src/a.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: --cache-size 'many': expected a size such as 512M or 2G" "bad size"

# A project folder that LibTorch's headers read from (here a forwarding
# <typeinfo>) changes what the preamble means: it is kept for that exact flag
# set, and units without the folder get their own.
rm -rf "$CACHE"
mkdir -p shadow
printf '#pragma once\n#include_next <typeinfo>\n' >shadow/typeinfo
run -v src/a.cpp -- $TORCH_FLAGS -I$WORK/shadow
expect_rc 1
expect_contains "$ERR" "torchlint: the preamble reads '$WORK/shadow/typeinfo' from the project folder '$WORK/shadow'; it serves units with these flags only" "shadowing folder"
run -v src/a.cpp -- $TORCH_FLAGS -I$WORK/inc
expect_eq "$(grep -c 'torchlint: building shared preamble' <<<"$ERR")" 1 "not shared with the shadowing flags"
expect_eq "$(ls "$CACHE"/*.pch | wc -l)" 2 "one preamble per meaning"

# A project preamble that cannot be built (a LibTorch header that does not
# exist) is tried once: the other units use their own includes and say why.
rm -rf "$CACHE"
cat >src/f.cpp <<'CPP'
#include <torch/torch.h>
#include <torch/no_such_header_in_libtorch.h>
int main() {}
CPP
run -v -j1 src/a.cpp src/b.cpp src/f.cpp -- $TORCH_FLAGS
expect_rc 2 # f.cpp cannot be parsed
expect_contains "$ERR" "torchlint: $WORK/src/a.cpp: not using the project's shared preamble: its preamble could not be built: 'torch/no_such_header_in_libtorch.h' file not found" "first failure"
expect_contains "$ERR" "torchlint: $WORK/src/b.cpp: not using the project's shared preamble: building its preamble failed minutes ago" "not retried"
expect_contains "$OUT" "$WORK/src/a.cpp:4:5: warning: result of 't.cpu()' is discarded" "a.cpp still analysed"
exit 0
