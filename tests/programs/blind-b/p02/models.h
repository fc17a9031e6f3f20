#pragma once

#include <torch/torch.h>

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl(int64_t latent_dim, int64_t hidden, int64_t out_dim) {
    net = register_module(
        "net", torch::nn::Sequential(
                   torch::nn::Linear(latent_dim, hidden), torch::nn::ReLU(),
                   torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
                   torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
                   torch::nn::Linear(hidden, out_dim)));
  }

  torch::Tensor forward(const torch::Tensor& z) { return net->forward(z); }

  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(Generator);

struct CriticImpl : torch::nn::Module {
  CriticImpl(int64_t in_dim, int64_t hidden) {
    net = register_module(
        "net",
        torch::nn::Sequential(
            torch::nn::Linear(in_dim, hidden),
            torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
            torch::nn::Linear(hidden, hidden),
            torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
            torch::nn::Linear(hidden, 1)));
  }

  torch::Tensor forward(const torch::Tensor& x) { return net->forward(x); }

  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(Critic);
