// Labels left on the CPU: the message names the line where the device is
// chosen, which moves when lines are added above it.
#include <torch/torch.h>

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto logits = torch::randn({2, 3}).to(device);
  auto labels = torch::tensor({0, 2});
  auto loss = torch::nn::functional::cross_entropy(logits, labels);
  return loss.numel() == 1 ? 0 : 1;
}
