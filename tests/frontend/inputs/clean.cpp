// A correct LibTorch program: one device, chosen once, used everywhere.
#include <torch/torch.h>

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(4, 2);
  model->to(device);
  auto x = torch::randn({3, 4}).to(device);
  auto y = model(x);
  return y.size(0) == 3 ? 0 : 1;
}
