#pragma once

#include "config.h"

class Trainer {
public:
  explicit Trainer(const TrainConfig &cfg);
  double step(const torch::Tensor &inputs);
  double weighted(const torch::Tensor &inputs);

private:
  TrainConfig cfg_;
  torch::nn::Linear model_{nullptr};
};
