#pragma once
#include <torch/torch.h>
#include "config.h"
#include "model.h"

class Trainer {
 public:
  Trainer(SmallConvNet model, const Config& cfg);

  double train_step(const torch::Tensor& images, const torch::Tensor& labels);
  double evaluate(const torch::Tensor& images, const torch::Tensor& labels);

 private:
  torch::Device device_;
  SmallConvNet model_;
  torch::optim::SGD optimizer_;
};
