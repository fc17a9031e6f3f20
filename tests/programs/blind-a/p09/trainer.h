#pragma once
#include <torch/torch.h>
#include <cstdint>
#include <vector>
#include "config.h"
#include "model.h"

class SensorTrainer {
 public:
  explicit SensorTrainer(const Config& cfg);
  double epoch(const std::vector<float>& samples, const std::vector<int32_t>& labels);
  std::vector<float> confidences(const std::vector<float>& samples);

 private:
  torch::Tensor to_batch(std::vector<float>& samples) const;

  Config cfg_;
  torch::Device device_;
  SensorNet model_;
  torch::optim::SGD opt_;
  torch::Tensor class_prior_;
};
