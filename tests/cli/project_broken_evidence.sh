# Evidence in a unit that does not compile: a file that stops when CUDA is
# missing shows that the project needs CUDA even when an error outside any
# function body keeps the rest of it from being analysed (an API the
# installed LibTorch no longer has, as real repositories do); the CUDA device
# another file names unguarded is then the design, not a bug. Nothing else
# of the broken unit counts: its findings are not reported, and its own
# unguarded device is no evidence either way.
. "$(dirname "$0")/lib.sh"
mkdir -p proj
cat >proj/train.cpp <<'CPP'
#include <torch/torch.h>

#include <stdexcept>

struct Trainer {
  torch::nn::BatchNormOld norm; // Gone from LibTorch: an error outside a body.
};

int main() {
  if (!torch::cuda::is_available())
    throw std::runtime_error("this trainer needs a CUDA GPU");
  torch::Device device(torch::kCUDA);
  return 0;
}
CPP
cat >proj/infer.cpp <<'CPP'
#include <torch/torch.h>

torch::Tensor infer(torch::Tensor x) {
  torch::Device device(torch::kCUDA);
  return x.to(device);
}
CPP
HARDCODED="proj/infer.cpp:4:24: warning: CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]
  torch::Device device(torch::kCUDA);
                       ^~~~~~~~~~~~
                       torch::cuda::is_available() ? torch::kCUDA : torch::kCPU"
strip() { sed "s|$WORK/||g" <<<"$1"; }

# Alone, the unguarded CUDA device is reported (the lesson's classic).
tl proj/infer.cpp
expect_rc 1
expect_eq "$(strip "$OUT")" "$HARDCODED" "infer.cpp alone"

# With the trainer that does not compile, the project is shown to need CUDA:
# silent, and the trainer is named as not analysed.
tl proj/train.cpp proj/infer.cpp
expect_rc 2
expect_eq "$OUT" "" "the project that needs CUDA"
expect_contains "$(strip "$ERR")" "'proj/train.cpp' does not compile (1 error: " "the broken unit"
expect_contains "$ERR" "it was not analysed" "the broken unit is not analysed"

# The same trainer with the error gone but without the check: nothing
# shows the project needs CUDA, and infer.cpp's device is reported again.
sed -i '/BatchNormOld/d; /is_available/,+1d' proj/train.cpp
tl proj/train.cpp proj/infer.cpp
expect_rc 1
expect_contains "$(strip "$OUT")" "$HARDCODED" "no evidence without the check"
