#pragma once
#include <torch/torch.h>
#include <tuple>

struct ActorCriticImpl : torch::nn::Module {
  ActorCriticImpl(int64_t obs_dim, int64_t n_actions) {
    trunk = register_module("trunk", torch::nn::Linear(obs_dim, 64));
    pi = register_module("pi", torch::nn::Linear(64, n_actions));
    v = register_module("v", torch::nn::Linear(64, 1));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& obs) {
    auto h = torch::tanh(trunk(obs));
    return {pi(h), v(h).squeeze(-1)};
  }
  torch::nn::Linear trunk{nullptr}, pi{nullptr}, v{nullptr};
};
TORCH_MODULE(ActorCritic);
