#pragma once

#include <torch/torch.h>

#include <tuple>

struct VAEImpl : torch::nn::Module {
  VAEImpl(int64_t input_dim, int64_t hidden, int64_t latent)
      : fc1(register_module("fc1", torch::nn::Linear(input_dim, hidden))),
        fc_mu(register_module("fc_mu", torch::nn::Linear(hidden, latent))),
        fc_logvar(register_module("fc_logvar", torch::nn::Linear(hidden, latent))),
        fc3(register_module("fc3", torch::nn::Linear(latent, hidden))),
        fc4(register_module("fc4", torch::nn::Linear(hidden, input_dim))) {}

  std::tuple<torch::Tensor, torch::Tensor> encode(const torch::Tensor& x) {
    auto h = torch::relu(fc1(x));  //@bug P08A torch-device-mismatch
    return {fc_mu(h), fc_logvar(h)};
  }

  torch::Tensor decode(const torch::Tensor& z) {
    return torch::sigmoid(fc4(torch::relu(fc3(z))));  //@bug P08B torch-dtype-mismatch
  }

  // returns (reconstruction, mu, logvar)
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> forward(
      const torch::Tensor& x) {
    torch::Tensor mu, logvar;
    std::tie(mu, logvar) = encode(x);
    auto z = mu;
    if (is_training()) {
      z = mu + torch::randn_like(mu) * torch::exp(0.5 * logvar);
    }
    return {decode(z), mu, logvar};
  }

  torch::nn::Linear fc1, fc_mu, fc_logvar, fc3, fc4;
};
TORCH_MODULE(VAE);
