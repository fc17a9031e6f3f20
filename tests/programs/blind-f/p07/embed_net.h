#pragma once

#include <torch/torch.h>

#include <cstdint>

// SigNet-style CNN producing L2-normalised signature embeddings.
struct SigNetImpl : torch::nn::Module {
  explicit SigNetImpl(int64_t embed_dim)
      : features(torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 5).padding(2)),
                 torch::nn::BatchNorm2d(32), torch::nn::ReLU(),
                 torch::nn::MaxPool2d(2),
                 torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)),
                 torch::nn::BatchNorm2d(64), torch::nn::ReLU(),
                 torch::nn::MaxPool2d(2),
                 torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 3).padding(1)),
                 torch::nn::BatchNorm2d(128), torch::nn::ReLU(),
                 torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1}))),
        proj(128, embed_dim) {
    register_module("features", features);
    register_module("proj", proj);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = features->forward(x).flatten(1);
    return torch::nn::functional::normalize(
        proj(h), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  torch::nn::Sequential features;
  torch::nn::Linear proj;
};
TORCH_MODULE(SigNet);

// ---- metric-learning objectives and evaluation (triplet.cpp) ----

// Batch-hard triplet loss (Hermans et al. 2017): for each anchor the farthest
// same-writer sample and the closest other-writer sample.
torch::Tensor batch_hard_triplet(const torch::Tensor& embeddings,
                                 const torch::Tensor& writer_ids, double margin);

// Equal error rate of distance scores (lower = more likely genuine).
double equal_error_rate(const torch::Tensor& distances, const torch::Tensor& genuine);
