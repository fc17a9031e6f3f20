# Where LibTorch's headers come from without a compile database: searched
# for (here: a python3 on PATH is asked for a pip install of torch, then
# Debian's libtorch-dev) unless the flags after -- already reach
# torch/torch.h. Then nothing is searched and no python3 runs: it cost a
# process per run, a third of a second behind pyenv's shims.
. "$(dirname "$0")/lib.sh"
[ -f /usr/include/torch/csrc/api/include/torch/torch.h ] ||
  skip "needs Debian's libtorch-dev"
input discarded.cpp
# The real pip torch 2.x of the python3 on PATH, if any, for the last part.
PIP_TORCH=$(python3 -c "import importlib.util as u; s = u.find_spec('torch'); print(s.submodule_search_locations[0] if s and s.submodule_search_locations else '')" 2>/dev/null || true)
# Only the python3 probe and libtorch-dev may answer: every python on PATH
# is asked, so PATH holds only the fake one and the tools this test runs.
unset Torch_DIR CMAKE_PREFIX_PATH TORCH_INSTALL_PREFIX LIBTORCH VIRTUAL_ENV \
  CONDA_PREFIX
export HOME="$WORK"
mkdir bin tools
for t in cat rm mkdir chmod grep; do ln -s "$(command -v $t)" tools/$t; done
cat >bin/python3 <<EOF
#!/bin/sh
# Records that torchlint asked; knows of no pip torch.
echo asked >>"$WORK/python3-calls"
echo
EOF
chmod +x bin/python3
export PATH="$WORK/bin:$WORK/tools"

# No flags: python3 is asked, finds nothing, libtorch-dev serves.
tl -v discarded.cpp
expect_rc 1
expect_eq "$(cat python3-calls)" "asked" "python3 asked once without flags"
expect_contains "$ERR" "torchlint: note: LibTorch headers for commands that name none, from libtorch-dev (/usr/include):" "origin named"
expect_contains "$ERR" "torchlint: note: LibTorch release: 1.13." "release named"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with libtorch-dev"

# Flags after -- that reach LibTorch: nothing is searched.
rm python3-calls
tl -v discarded.cpp -- -std=c++17 -isystem /usr/include/torch/csrc/api/include
expect_rc 1
[ ! -e python3-calls ] || fail "python3 was asked although the flags reach torch/torch.h"
expect_contains "$ERR" "torchlint: note: LibTorch headers from the flags after --" "origin named"
expect_contains "$ERR" "torchlint: note: LibTorch release: 1.13." "release of the flags' headers named"
case "$ERR" in *"libtorch-dev"*) fail "searched although the flags reach LibTorch: $ERR" ;; esac
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with the user's flags"

# Flags after -- that do not reach LibTorch: searched, and the folders found
# come after the user's own.
tl -v discarded.cpp -- -std=c++17 -DNDEBUG
expect_rc 1
expect_eq "$(cat python3-calls)" "asked" "python3 asked when the flags do not reach LibTorch"
expect_contains "$ERR" "torchlint: note: LibTorch headers for commands that name none, from libtorch-dev (/usr/include):" "origin named"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with the folders found"
# A second python later on PATH with pip's torch 2.x: asked after the first,
# and its headers serve (the real ones, when this machine has them).
if [ -n "$PIP_TORCH" ] && [ -f "$PIP_TORCH/include/torch/headeronly/version.h" ]; then
  rm python3-calls
  mkdir bin2
  printf '#!/bin/sh\necho %s\n' "$PIP_TORCH" >bin2/python
  chmod +x bin2/python
  PATH="$WORK/bin:$WORK/tools:$WORK/bin2" tl -v discarded.cpp
  expect_rc 1
  expect_eq "$(cat python3-calls)" "asked" "the first python3 asked first"
  expect_contains "$ERR" "torchlint: note: LibTorch headers for commands that name none, from python torch ($PIP_TORCH):" "second python's torch"
  expect_contains "$ERR" "torchlint: note: LibTorch release: 2." "release 2.x named"
  expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with pip's torch"
else
  echo "note: no pip torch 2.x for python3; its part of this test is skipped"
fi
echo PASS
