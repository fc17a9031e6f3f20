#pragma once

#include <torch/torch.h>

#include <vector>

#include "config.h"
#include "mlp.h"

class TabularTrainer {
 public:
  TabularTrainer(const TabularConfig& cfg, int64_t num_features,
                 const torch::Tensor& train_labels);

  // x: [N, F] float, y: [N] int64, both on the host
  double train_epoch(const torch::Tensor& x, const torch::Tensor& y);
  double accuracy(const torch::Tensor& x, const torch::Tensor& y,
                  std::vector<double>& per_class_recall);
  void save() const { torch::save(model_, cfg_.checkpoint); }
  torch::Device device() const { return device_; }

 private:
  TabularConfig cfg_;
  torch::Device device_;
  TabularMLP model_;
  torch::optim::AdamW optimizer_;
  torch::nn::CrossEntropyLoss criterion_;
};
