#pragma once

#include <torch/torch.h>

#include "config.h"
#include "har_dataset.h"
#include "har_net.h"

class HarTrainer {
 public:
  HarTrainer(const HarConfig& cfg, const HarDataset& train);

  double train_epoch(const HarDataset& data, int64_t epoch);
  double evaluate(const HarDataset& data);
  void save() const;

 private:
  torch::Tensor normalise(const torch::Tensor& signals) const;

  HarConfig cfg_;
  torch::Device device_;
  HarNet model_;
  torch::optim::Adam optimizer_;
  torch::Tensor class_weights_;
  ChannelStats stats_;
};
