#pragma once

#include <torch/torch.h>

// Residual MLP for standardised tabular features.
struct TabularMLPImpl : torch::nn::Module {
  TabularMLPImpl(int64_t in, int64_t hidden, int64_t classes, double dropout)
      : input(register_module("input", torch::nn::Linear(in, hidden))),
        block1(register_module("block1", torch::nn::Linear(hidden, hidden))),
        block2(register_module("block2", torch::nn::Linear(hidden, hidden))),
        norm1(register_module("norm1", torch::nn::BatchNorm1d(hidden))),
        norm2(register_module("norm2", torch::nn::BatchNorm1d(hidden))),
        drop(register_module("drop", torch::nn::Dropout(dropout))),
        out(register_module("out", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(input(x));
    h = h + drop(torch::relu(norm1(block1(h))));
    h = h + drop(torch::relu(norm2(block2(h))));
    return out(h);
  }

  torch::nn::Linear input, block1, block2;
  torch::nn::BatchNorm1d norm1, norm2;
  torch::nn::Dropout drop;
  torch::nn::Linear out;
};
TORCH_MODULE(TabularMLP);
