#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() : scale(torch::ones({2})) {
    fc = torch::nn::Linear(2, 2);
    offset = torch::zeros({2}, torch::requires_grad(true));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x) * scale + offset; }
  torch::nn::Linear fc{nullptr};
  torch::Tensor scale, offset;
};
TORCH_MODULE(Net);

int main() {
  Net net;
  return net->forward(torch::ones({1, 2})).size(1) == 2 ? 0 : 1;
}
