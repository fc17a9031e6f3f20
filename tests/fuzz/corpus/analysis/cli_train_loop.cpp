// A correct training loop: the model, the features and the labels all live on
// the device chosen at run time. The pre-merge tests break it one line at a
// time.
#include <torch/torch.h>

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(4, 3);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), /*lr=*/0.1);
  auto features = torch::randn({8, 4}).to(device);
  auto labels = torch::tensor({0, 1, 2, 0, 1, 2, 0, 1}).to(device);
  for (int epoch = 0; epoch < 3; ++epoch) {
    optimizer.zero_grad();
    auto logits = model(features);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    optimizer.step();
  }
  return 0;
}
