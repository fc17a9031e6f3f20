#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "augment.h"
#include "config.h"
#include "point_cloud.h"
#include "pointnet.h"

// Trains a classifier that its caller has already placed on `device`.
class PointNetTrainer {
 public:
  PointNetTrainer(PointNetCls model, const PointNetConfig& cfg,
                  torch::Device device);

  double train_epoch(PointCloudSet& data);
  double evaluate(const PointCloudSet& data,
                  std::vector<std::vector<int64_t>>& confusion);
  void step_scheduler() { scheduler_.step(); }
  void save() const { torch::save(model_, cfg_.checkpoint); }
  void resume() { torch::load(model_, cfg_.checkpoint, device_); }

 private:
  PointNetCls model_;
  PointNetConfig cfg_;
  torch::Device device_;
  torch::optim::Adam optimizer_;
  torch::optim::StepLR scheduler_;
  RandomAugment<float> augment_;
};
