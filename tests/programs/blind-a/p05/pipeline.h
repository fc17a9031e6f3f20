#pragma once
#include <torch/torch.h>
#include <memory>
#include "config.h"
#include "model.h"

class PipelineTrainer {
 public:
  explicit PipelineTrainer(const PipelineConfig& cfg);
  double step(const torch::Tensor& x, const torch::Tensor& y);

 private:
  torch::Device stage0_;
  torch::Device stage1_;
  Encoder encoder_;
  Decoder decoder_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
