#pragma once

#include <torch/torch.h>

struct QNetworkImpl : torch::nn::Module {
  QNetworkImpl(int64_t state_dim, int64_t num_actions, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(state_dim, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        head(register_module("head", torch::nn::Linear(hidden, num_actions))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x));
    x = torch::relu(fc2->forward(x));
    return head->forward(x);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
  torch::nn::Linear head;
};
TORCH_MODULE(QNetwork);
