#pragma once

#include <torch/torch.h>

// Probability-of-default network over tabular bureau features.
struct ScorecardNetImpl : torch::nn::Module {
  explicit ScorecardNetImpl(int64_t in_features)
      : norm(register_module("norm", torch::nn::BatchNorm1d(in_features))),
        fc1(register_module("fc1", torch::nn::Linear(in_features, 64))),
        fc2(register_module("fc2", torch::nn::Linear(64, 32))),
        out(register_module("out", torch::nn::Linear(32, 1))),
        drop(register_module("drop", torch::nn::Dropout(0.2))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(fc1(norm(x)));
    h = drop(torch::relu(fc2(h)));
    return out(h);  // logits [B, 1]
  }

  torch::nn::BatchNorm1d norm;
  torch::nn::Linear fc1, fc2, out;
  torch::nn::Dropout drop;
};
TORCH_MODULE(ScorecardNet);
