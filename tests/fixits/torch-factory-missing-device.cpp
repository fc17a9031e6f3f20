#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    auto mask = torch::ones({4});
    auto ids = torch::arange(0, 4, torch::kLong);
    auto noise = torch::randn({4}, torch::dtype(torch::kFloat));
    return fc(x) * mask + ids + noise;
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

int main() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Net net;
  net->to(device);
  return net->forward(torch::ones({2, 4}, device)).size(1) == 4 ? 0 : 1;
}
