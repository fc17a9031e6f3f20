#pragma once

#include <torch/torch.h>

// Cross-entropy of the move played under the policy logits.
torch::Tensor policy_loss(const torch::Tensor& logits, const torch::Tensor& moves);

// Mean squared error of the value head against the game result.
torch::Tensor value_loss(const torch::Tensor& value, const torch::Tensor& result);

struct MoveAccuracy {
  int64_t top1 = 0;
  int64_t top3 = 0;
  int64_t count = 0;
};
void accumulate_accuracy(const torch::Tensor& logits, const torch::Tensor& moves, MoveAccuracy& acc);
