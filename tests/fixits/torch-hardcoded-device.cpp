#include <torch/torch.h>

int main() {
  torch::Device device(torch::kCUDA);
  torch::Device other("cuda");
  auto x = torch::ones({2}).to(device);
  torch::Device chosen(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto y = x.cuda();
  auto z = y.to(torch::kCUDA);
  return (z.numel() == 2 && other.is_cuda()) ? 0 : 1;
}
