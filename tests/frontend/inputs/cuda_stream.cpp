// A program that uses LibTorch's CUDA API: with a CPU build of LibTorch
// (Debian's libtorch-dev) the CUDA headers are incomplete, and torchlint must
// say so rather than claim that LibTorch is not installed.
#include <torch/torch.h>

#include <c10/cuda/CUDAStream.h>

int main() {
  auto stream = c10::cuda::getCurrentCUDAStream();
  (void)stream;
  return 0;
}
