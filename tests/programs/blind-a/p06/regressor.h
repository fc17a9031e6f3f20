#pragma once
#include <torch/torch.h>
#include <vector>
#include "model.h"

class Regressor {
 public:
  Regressor(int64_t in_features, torch::Device device);
  double fit_epoch(const torch::Tensor& x, const torch::Tensor& y);
  double predict_one(const std::vector<double>& row);

 private:
  torch::Device device_;
  MlpRegressor model_;
  torch::optim::Adam opt_;
};
