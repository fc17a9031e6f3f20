#pragma once

#include <torch/torch.h>

#include <memory>

#include "model.h"
#include "shard.h"
#include "worker_config.h"

class Worker {
 public:
  explicit Worker(WorkerConfig cfg);

  void run();

 private:
  void train_epoch(int64_t epoch);
  double evaluate();
  void reset_metrics();
  void save_checkpoint(int64_t epoch);

  WorkerConfig cfg_;
  torch::Device device_;
  ResMLP model_;
  Shard train_;
  Shard val_;
  std::unique_ptr<torch::optim::SGD> optimizer_;
  torch::Tensor correct_;
  int64_t seen_ = 0;
};
