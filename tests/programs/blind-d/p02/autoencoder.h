#pragma once

#include <torch/torch.h>

// Fully connected window autoencoder: [B, W, C] -> [B, W, C].
struct WindowAutoencoderImpl : torch::nn::Module {
  WindowAutoencoderImpl(int64_t window, int64_t channels, int64_t hidden,
                        int64_t latent)
      : window_(window), channels_(channels) {
    encoder = register_module(
        "encoder",
        torch::nn::Sequential(torch::nn::Linear(window * channels, hidden),
                              torch::nn::GELU(),
                              torch::nn::Linear(hidden, latent)));
    decoder = register_module(
        "decoder",
        torch::nn::Sequential(torch::nn::Linear(latent, hidden),
                              torch::nn::GELU(),
                              torch::nn::Linear(hidden, window * channels)));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto z = encoder->forward(x.flatten(1));
    return decoder->forward(z).view({-1, window_, channels_});
  }

  int64_t window_;
  int64_t channels_;
  torch::nn::Sequential encoder{nullptr};
  torch::nn::Sequential decoder{nullptr};
};
TORCH_MODULE(WindowAutoencoder);
