#pragma once

#include <torch/torch.h>

struct ToxNetImpl : torch::nn::Module {
  ToxNetImpl(int64_t in_features, int64_t hidden, int64_t tasks)
      : body(register_module("body", torch::nn::Sequential(
                                         torch::nn::Linear(in_features, hidden), torch::nn::ReLU(),
                                         torch::nn::Dropout(0.3), torch::nn::Linear(hidden, hidden),
                                         torch::nn::ReLU()))),
        heads(register_module("heads", torch::nn::Linear(hidden, tasks))) {}

  torch::Tensor forward(const torch::Tensor& x) { return heads(body->forward(x)); }

  torch::nn::Sequential body;
  torch::nn::Linear heads;
};
TORCH_MODULE(ToxNet);
