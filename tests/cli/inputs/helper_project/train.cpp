// Calls addNoise() without its body, with a tensor on a run-time device.
#include "utils.h"
int main() {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::Tensor X = torch::ones({4}).to(Device);
  torch::Tensor Y = addNoise(X);
  return Y.numel() == 4 ? 0 : 1;
}
