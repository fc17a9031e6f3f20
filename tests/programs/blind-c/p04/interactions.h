#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct InteractionBatch {
  torch::Tensor users;    // [B] int64
  torch::Tensor items;    // [B] int64
  torch::Tensor dense;    // [B, D]
  torch::Tensor ratings;  // [B] float
};

// Column-oriented interaction log kept in plain vectors, the way it comes
// out of the CSV reader; tensors are only built per mini-batch.
class InteractionLog {
 public:
  InteractionLog(const std::string& path, int64_t dense_dim);

  size_t size() const { return user_ids_.size(); }
  InteractionBatch batch(size_t start, size_t len);
  void shuffle(unsigned seed);

 private:
  int64_t dense_dim_;
  std::vector<int32_t> user_ids_;
  std::vector<int32_t> item_ids_;
  std::vector<double> dense_;
  std::vector<float> ratings_;
};
