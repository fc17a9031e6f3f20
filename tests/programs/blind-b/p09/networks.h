#pragma once

#include <torch/torch.h>

namespace nn = torch::nn;

struct DCGeneratorImpl : nn::Module {
  DCGeneratorImpl(int64_t latent, int64_t features, int64_t channels)
      : body(register_module(
            "body",
            nn::Sequential(
                nn::ConvTranspose2d(nn::ConvTranspose2dOptions(latent, features * 4, 4).bias(false)),
                nn::BatchNorm2d(features * 4), nn::ReLU(true),
                nn::ConvTranspose2d(nn::ConvTranspose2dOptions(features * 4, features * 2, 4)
                                        .stride(2).padding(1).bias(false)),
                nn::BatchNorm2d(features * 2), nn::ReLU(true),
                nn::ConvTranspose2d(nn::ConvTranspose2dOptions(features * 2, features, 4)
                                        .stride(2).padding(1).bias(false)),
                nn::BatchNorm2d(features), nn::ReLU(true),
                nn::ConvTranspose2d(nn::ConvTranspose2dOptions(features, channels, 4)
                                        .stride(2).padding(1).bias(false)),
                nn::Tanh()))) {}

  torch::Tensor forward(const torch::Tensor& z) {
    return body->forward(z.view({z.size(0), z.size(1), 1, 1}));
  }

  nn::Sequential body;
};
TORCH_MODULE(DCGenerator);

struct DCDiscriminatorImpl : nn::Module {
  DCDiscriminatorImpl(int64_t features, int64_t channels)
      : body(register_module(
            "body",
            nn::Sequential(
                nn::Conv2d(nn::Conv2dOptions(channels, features, 4).stride(2).padding(1).bias(false)),
                nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2).inplace(true)),
                nn::Conv2d(nn::Conv2dOptions(features, features * 2, 4).stride(2).padding(1).bias(false)),
                nn::BatchNorm2d(features * 2),
                nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2).inplace(true)),
                nn::Conv2d(nn::Conv2dOptions(features * 2, features * 4, 4).stride(2).padding(1).bias(false)),
                nn::BatchNorm2d(features * 4),
                nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2).inplace(true)),
                nn::Conv2d(nn::Conv2dOptions(features * 4, 1, 4).bias(false))))) {}

  // Returns raw logits, shape [B].
  torch::Tensor forward(const torch::Tensor& x) { return body->forward(x).view({-1}); }

  nn::Sequential body;
};
TORCH_MODULE(DCDiscriminator);
