#pragma once

#include <torch/torch.h>

#include "config.h"
#include "encoder.h"
#include "feature_bank.h"

class ContrastiveTrainer {
 public:
  explicit ContrastiveTrainer(const SimClrConfig& cfg);

  double train_epoch(const torch::Tensor& unlabeled);
  double knn_accuracy(const torch::Tensor& images, const torch::Tensor& labels);
  void checkpoint(const std::string& path) const;

 private:
  torch::Tensor nt_xent(const torch::Tensor& z1, const torch::Tensor& z2) const;

  SimClrConfig cfg_;
  torch::Device device_;
  ContrastiveNet net_;
  torch::optim::AdamW optimizer_;
  FeatureBank<c10::Half> bank_;
  torch::Tensor inv_temperature_;
};
