#include "data.h"

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(3, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Net model;
  model->to(device);
  std::vector<int32_t> raw = {0, 1, 1, 0};
  auto x = torch::randn({4, 3});
  auto logits = model(x.to(device));
  // Int labels from data.cpp: cross_entropy wants Long.
  auto loss = torch::nn::functional::cross_entropy(logits, load_labels(raw).to(device));
  // The same, through prepare.cpp's wrapper.
  auto again = torch::nn::functional::cross_entropy(logits, prepared_labels(raw).to(device));
  // A Double mean from data.cpp meets Float features in a matmul.
  auto projected = torch::matmul(x, feature_mean(x));
  // standardised() keeps its input's device: still on the CPU.
  auto scaled = standardised(torch::randn({4, 3}));
  auto out = model(scaled);
  (void)loss, (void)again, (void)projected, (void)out;
  return 0;
}
