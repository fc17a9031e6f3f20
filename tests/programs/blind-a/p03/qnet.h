#pragma once
#include <torch/torch.h>

struct QNetImpl : torch::nn::Module {
  QNetImpl(int64_t obs_dim, int64_t n_actions, int64_t hidden = 64) {
    fc1 = register_module("fc1", torch::nn::Linear(obs_dim, hidden));
    fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden));
    out = register_module("out", torch::nn::Linear(hidden, n_actions));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1(x));
    x = torch::relu(fc2(x));
    return out(x);
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, out{nullptr};
};
TORCH_MODULE(QNet);
