#include <torch/torch.h>

// Two parameters that meet inside the helper: the caller's CPU argument
// moves where the caller makes it.
torch::Tensor scaled(const torch::Tensor &X, const torch::Tensor &Weights) {
  return X * Weights;
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(8, 3);
  model->to(device);
  auto inputs = torch::randn({4, 8}).to(device);
  auto labels = torch::tensor({0, 1, 2, 0}, torch::kLong);
  auto loss = torch::nn::functional::cross_entropy(model(inputs), labels);
  auto weights = torch::ones({4, 8});
  auto weighted = scaled(inputs, weights);
  return loss.item<float>() + weighted.sum().item<float>() > 0 ? 0 : 1;
}
