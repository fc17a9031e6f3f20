#pragma once

#include <torch/torch.h>

// Dueling Q-network: Q(s, a) = V(s) + A(s, a) - mean_a A(s, a).
struct DuelingQNetImpl : torch::nn::Module {
  DuelingQNetImpl(int64_t state_dim, int64_t num_actions, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(state_dim, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        value(register_module("value", torch::nn::Linear(hidden, 1))),
        advantage(
            register_module("advantage", torch::nn::Linear(hidden, num_actions))) {}

  torch::Tensor forward(const torch::Tensor& state) {
    auto h = torch::relu(fc1(state));  //@bug P03B torch-dtype-mismatch
    h = torch::relu(fc2(h));
    auto a = advantage(h);
    return value(h) + a - a.mean(1, /*keepdim=*/true);
  }

  torch::nn::Linear fc1, fc2, value, advantage;
};
TORCH_MODULE(DuelingQNet);
