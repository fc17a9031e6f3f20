#pragma once

#include <torch/torch.h>

#include <vector>

#include "config.h"
#include "mol_dataset.h"
#include "property_net.h"

class PropertyTrainer {
 public:
  PropertyTrainer(const MolConfig& cfg, const MolDataset& train);

  double train_epoch(const MolDataset& data, unsigned seed);
  // Per-task RMSE over measured targets.
  std::vector<double> evaluate(const MolDataset& data);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  torch::Tensor scale_descriptors(const torch::Tensor& raw) const;

  MolConfig cfg_;
  torch::Device device_;
  PropertyNet model_;
  torch::optim::AdamW optimizer_;
  Standardizer scaler_;
  torch::Tensor task_weights_;
};
