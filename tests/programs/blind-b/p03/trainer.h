#pragma once

#include <torch/torch.h>

#include <memory>

#include "config.h"
#include "model.h"
#include "tabular.h"

class Trainer {
 public:
  Trainer(const HyperParams& hp, torch::Device device, TabularData data);

  void fit();
  double evaluate();
  void save() const;

  torch::Device device() const { return device_; }

 private:
  double train_epoch();

  HyperParams hp_;
  torch::Device device_;
  TabularMLP model_;
  torch::Tensor train_x_, train_y_;
  torch::Tensor val_x_, val_y_;
  torch::Tensor class_weights_;
  std::unique_ptr<torch::optim::AdamW> optim_;
};
