#pragma once
#include <torch/torch.h>
#include <memory>
#include <vector>
#include "config.h"
#include "model.h"

struct PaddedBatch {
  torch::Tensor tokens;   // [B, T] Long, CPU
  torch::Tensor lengths;  // [B] Long, CPU
  torch::Tensor labels;   // [B] Long, CPU
};

class Trainer {
 public:
  Trainer(const Config& cfg, const std::vector<float>& class_weights);
  double step(const PaddedBatch& batch);
  std::vector<float> top_probability(const PaddedBatch& batch);

 private:
  torch::Device device_;
  GruClassifier model_;
  torch::nn::CrossEntropyLoss criterion_{nullptr};
  std::unique_ptr<torch::optim::Adam> opt_;
};
