#pragma once

#include <torch/torch.h>

#include "config.h"
#include "segnet.h"
#include "tile_dataset.h"

class LandCoverTrainer {
 public:
  LandCoverTrainer(const LandCoverConfig& cfg, const TileDataset& train);
  double train_epoch(const TileDataset& data);
  double pixel_accuracy(const TileDataset& data);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  torch::Tensor loss(const torch::Tensor& logits, const torch::Tensor& labels) const;
  torch::Tensor normalise(const torch::Tensor& images) const;

  LandCoverConfig cfg_;
  torch::Device device_;
  SegNet model_;
  torch::optim::AdamW optimizer_;
  torch::Tensor class_weights_;
  torch::Tensor band_mean_;
  torch::Tensor band_std_;
};
