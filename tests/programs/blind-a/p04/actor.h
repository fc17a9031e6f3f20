#pragma once
#include <torch/torch.h>

struct ActorImpl : torch::nn::Module {
  ActorImpl(int64_t obs_dim, int64_t act_dim)
      : body(register_module("body", torch::nn::Sequential(torch::nn::Linear(obs_dim, 128), torch::nn::ReLU(),
                                                            torch::nn::Linear(128, 128), torch::nn::ReLU()))),
        mu(register_module("mu", torch::nn::Linear(128, act_dim))) {}

  torch::Tensor forward(const torch::Tensor& obs) { return torch::tanh(mu->forward(body->forward(obs))); }

  torch::nn::Sequential body;
  torch::nn::Linear mu;
};
TORCH_MODULE(Actor);
