#pragma once
#include <torch/torch.h>
#include <memory>
#include "config.h"
#include "model.h"

class SegTrainer {
 public:
  SegTrainer(const SegConfig& cfg, const torch::Tensor& class_weights);
  double step(const torch::Tensor& images, const torch::Tensor& masks);
  torch::Tensor predict(const torch::Tensor& images);

 private:
  torch::Device device_;
  TinySegNet model_;
  torch::nn::CrossEntropyLoss criterion_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
