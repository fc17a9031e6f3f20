// A program that uses LibTorch's cuDNN API, which needs NVIDIA's cudnn.h:
// torchlint has no stand-in for cuDNN, so the file is not analysed, and the
// message names the header instead of asking to install LibTorch.
#include <torch/torch.h>

#include <ATen/cudnn/Handle.h>

int main() {
  cudnnHandle_t handle = at::native::getCudnnHandle();
  (void)handle;
  return 0;
}
