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
  Net net;
  return net->forward(torch::ones({2, 4})).size(1) == 4 ? 0 : 1;
}
