#pragma once

#include <torch/torch.h>

#include "config.h"
#include "keypoint_dataset.h"
#include "posenet.h"

class PoseTrainer {
 public:
  explicit PoseTrainer(const PoseConfig& cfg);

  double train_epoch(const KeypointDataset& data);
  double pck(const KeypointDataset& data);  // fraction of visible joints within threshold
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  PoseConfig cfg_;
  torch::Device device_;
  PoseNet model_;
  torch::optim::Adam optimizer_;
};
