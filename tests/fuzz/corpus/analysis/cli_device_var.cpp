// A device variable exists, yet a CUDA device is named directly; the
// finding's note points at the variable.
#include <torch/torch.h>

int main() {
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA
                                                     : torch::kCPU;
  auto x = torch::ones({2}).to(device);
  auto y = torch::ones({2}).to(torch::kCUDA);
  return (x + y).dim() == 1 ? 0 : 1;
}
