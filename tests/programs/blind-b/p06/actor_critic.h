#pragma once

#include <torch/torch.h>

#include <tuple>

struct ActorCriticImpl : torch::nn::Module {
  ActorCriticImpl(int64_t feature_dim, int64_t num_actions)
      : trunk(register_module("trunk", torch::nn::Linear(feature_dim, 256))),
        policy_head(register_module("policy_head", torch::nn::Linear(256, num_actions))),
        value_head(register_module("value_head", torch::nn::Linear(256, 1))) {}

  // Returns (logits, value).
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& features) {
    auto h = torch::tanh(trunk->forward(features));
    return {policy_head->forward(h), value_head->forward(h).squeeze(-1)};
  }

  torch::nn::Linear trunk;
  torch::nn::Linear policy_head;
  torch::nn::Linear value_head;
};
TORCH_MODULE(ActorCritic);
