# Where LibTorch's headers come from without a compile database: searched
# for (here: a python3 on PATH is asked for a pip install of torch, then
# Debian's libtorch-dev) unless the flags after -- already reach
# torch/torch.h. Then nothing is searched and no python3 runs: it cost a
# process per run, a third of a second behind pyenv's shims.
. "$(dirname "$0")/lib.sh"
[ -f /usr/include/torch/csrc/api/include/torch/torch.h ] ||
  skip "needs Debian's libtorch-dev"
input discarded.cpp
# Only the python3 probe and libtorch-dev may answer.
unset Torch_DIR CMAKE_PREFIX_PATH TORCH_INSTALL_PREFIX LIBTORCH
mkdir bin
cat >bin/python3 <<EOF
#!/bin/sh
# Records that torchlint asked; knows of no pip torch.
echo asked >>"$WORK/python3-calls"
echo
EOF
chmod +x bin/python3
export PATH="$WORK/bin:$PATH"

# No flags: python3 is asked, finds nothing, libtorch-dev serves.
tl -v discarded.cpp
expect_rc 1
expect_eq "$(cat python3-calls)" "asked" "python3 asked once without flags"
expect_contains "$ERR" "torchlint: note: LibTorch headers from libtorch-dev (/usr/include):" "origin named"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with libtorch-dev"

# Flags after -- that reach LibTorch: nothing is searched.
rm python3-calls
tl -v discarded.cpp -- -std=c++17 -isystem /usr/include/torch/csrc/api/include
expect_rc 1
[ ! -e python3-calls ] || fail "python3 was asked although the flags reach torch/torch.h"
expect_contains "$ERR" "torchlint: note: LibTorch headers from the flags after --" "origin named"
case "$ERR" in *"libtorch-dev"*) fail "searched although the flags reach LibTorch: $ERR" ;; esac
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with the user's flags"

# Flags after -- that do not reach LibTorch: searched, and the folders found
# come after the user's own.
tl -v discarded.cpp -- -std=c++17 -DNDEBUG
expect_rc 1
expect_eq "$(cat python3-calls)" "asked" "python3 asked when the flags do not reach LibTorch"
expect_contains "$ERR" "torchlint: note: LibTorch headers from libtorch-dev (/usr/include):" "origin named"
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "analysed with the folders found"
echo PASS
