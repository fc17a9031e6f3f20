#pragma once

#include <torch/torch.h>

// Deep Sets jet tagger (energy-flow-network style): a per-constituent network
// phi, a masked sum over the constituents, and a jet-level network rho.
struct DeepSetsImpl : torch::nn::Module {
  DeepSetsImpl(int64_t num_features, int64_t hidden, int64_t num_classes,
               const torch::Tensor& feature_mean, const torch::Tensor& feature_std,
               const torch::Tensor& log_prior, double tau)
      : tau_(tau) {
    phi = register_module("phi", torch::nn::Sequential(
                                     torch::nn::Linear(num_features, hidden), torch::nn::ReLU(),
                                     torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
                                     torch::nn::Linear(hidden, hidden)));
    rho = register_module("rho", torch::nn::Sequential(
                                     torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
                                     torch::nn::Dropout(0.1), torch::nn::Linear(hidden, num_classes)));
    // Standardisation is part of the model so that the exported tagger takes raw features.
    mean_ = register_buffer("feature_mean", feature_mean);  //@bug P08A torch-dtype-mismatch
    std_ = register_buffer("feature_std", feature_std);  //@bug P08A torch-dtype-mismatch
    // Logit adjustment (Menon et al. 2021): add tau * log prior to the logits
    // while training so that the rare W jets are not drowned by QCD.
    log_prior_ = log_prior;  //@bug P08B torch-unregistered-member|torch-device-mismatch
  }

  // particles: [B, N, F], mask: [B, N] -> logits [B, C]
  torch::Tensor forward(const torch::Tensor& particles, const torch::Tensor& mask) {
    auto x = (particles - mean_) / std_;  //@bug P08A torch-dtype-mismatch
    auto h = phi->forward(x) * mask.unsqueeze(-1);  //@bug P08A torch-dtype-mismatch
    auto pooled = h.sum(1) / mask.sum(1, /*keepdim=*/true).clamp_min(1.0);
    auto logits = rho->forward(pooled);
    if (is_training()) logits = logits + tau_ * log_prior_;  //@bug P08B torch-device-mismatch|torch-unregistered-member
    return logits;
  }

  torch::nn::Sequential phi{nullptr}, rho{nullptr};
  torch::Tensor mean_, std_;
  torch::Tensor log_prior_;  //@bug P08B torch-unregistered-member
  double tau_;
};
TORCH_MODULE(DeepSets);
