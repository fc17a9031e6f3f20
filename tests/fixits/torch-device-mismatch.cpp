#include <torch/torch.h>

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(8, 3);
  model->to(device);
  auto inputs = torch::randn({4, 8}).to(device);
  auto labels = torch::tensor({0, 1, 2, 0}, torch::kLong);
  auto loss = torch::nn::functional::cross_entropy(model(inputs), labels);
  return loss.item<float>() > 0 ? 0 : 1;
}
