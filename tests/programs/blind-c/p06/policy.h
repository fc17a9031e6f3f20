#pragma once

#include <torch/torch.h>

struct PolicyNetImpl : torch::nn::Module {
  PolicyNetImpl(int64_t obs_dim, int64_t hidden, int64_t num_actions)
      : fc1(register_module("fc1", torch::nn::Linear(obs_dim, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        logits(register_module("logits", torch::nn::Linear(hidden, num_actions))) {}

  // Returns action probabilities, [B, num_actions].
  torch::Tensor forward(const torch::Tensor& obs) {
    auto h = torch::tanh(fc1->forward(obs));
    h = torch::tanh(fc2->forward(h));
    return torch::softmax(logits->forward(h), /*dim=*/-1);
  }

  torch::nn::Linear fc1, fc2, logits;
};
TORCH_MODULE(PolicyNet);
