#pragma once

#include <torch/torch.h>

#include <memory>

#include "config.h"
#include "gcn.h"
#include "graph.h"

struct EpochStats {
  double train_loss = 0.0;
  double val_loss = 0.0;
  double val_acc = 0.0;
};

class GcnTrainer {
 public:
  GcnTrainer(const GcnOptions& opts, const GraphData& graph);

  EpochStats train_epoch();
  double test_accuracy();
  void fit();

 private:
  double accuracy(const torch::Tensor& log_probs, const torch::Tensor& idx);

  GcnOptions opts_;
  torch::Device device_;
  Gcn model_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;

  torch::Tensor x_;
  torch::Tensor y_;
  torch::Tensor adj_;
  torch::Tensor train_idx_, val_idx_, test_idx_;
};
