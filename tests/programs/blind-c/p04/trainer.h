#pragma once

#include <torch/torch.h>

#include <string>

#include "config.h"
#include "interactions.h"
#include "recommender.h"

class RecTrainer {
 public:
  explicit RecTrainer(const RunContext& ctx);

  double train_epoch(InteractionLog& log, size_t begin, size_t end);
  double evaluate_rmse(InteractionLog& log, size_t begin, size_t end);
  void save(const std::string& tag);

 private:
  InteractionBatch to_device(const InteractionBatch& b) const;

  RunContext ctx_;
  torch::Device device_;
  HybridRecommender model_;
  torch::optim::Adam optimizer_;
  torch::nn::MSELoss criterion_;
};
