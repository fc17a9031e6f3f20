#pragma once

#include <torch/torch.h>

#include "config.h"
#include "gcn.h"
#include "graph_data.h"

class GcnTrainer {
 public:
  GcnTrainer(const GcnConfig& cfg, const CitationGraph& g, torch::Device device);
  double step();
  double accuracy(const torch::Tensor& mask);
  const SplitMasks& masks() const { return masks_; }

 private:
  GcnConfig cfg_;
  torch::Device device_;
  Gcn model_;
  torch::Tensor features_;
  torch::Tensor labels_;
  torch::Tensor adj_;
  SplitMasks masks_;
  torch::optim::Adam optimizer_;
};
