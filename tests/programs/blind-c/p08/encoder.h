#pragma once

#include <torch/torch.h>

namespace F = torch::nn::functional;

struct ContrastiveNetImpl : torch::nn::Module {
  ContrastiveNetImpl(int64_t feature_dim, int64_t proj_dim)
      : backbone(register_module(
            "backbone",
            torch::nn::Sequential(
                torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 3).padding(1)),
                torch::nn::BatchNorm2d(64), torch::nn::ReLU(),
                torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 3).stride(2).padding(1)),
                torch::nn::BatchNorm2d(128), torch::nn::ReLU(),
                torch::nn::Conv2d(torch::nn::Conv2dOptions(128, feature_dim, 3).stride(2).padding(1)),
                torch::nn::BatchNorm2d(feature_dim), torch::nn::ReLU(),
                torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten()))),
        projector(register_module(
            "projector",
            torch::nn::Sequential(torch::nn::Linear(feature_dim, feature_dim),
                                  torch::nn::ReLU(),
                                  torch::nn::Linear(feature_dim, proj_dim)))) {}

  // Backbone features, L2-normalised (used by the kNN monitor).
  torch::Tensor embed(const torch::Tensor& x) {
    return F::normalize(backbone->forward(x), F::NormalizeFuncOptions().dim(1));
  }

  // Normalised projections (used by the contrastive loss).
  torch::Tensor forward(const torch::Tensor& x) {
    return F::normalize(projector->forward(backbone->forward(x)),
                        F::NormalizeFuncOptions().dim(1));
  }

  torch::nn::Sequential backbone;
  torch::nn::Sequential projector;
};
TORCH_MODULE(ContrastiveNet);
