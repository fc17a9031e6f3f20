// The dataset's side: a batch as the data files hold it, and Double
// statistics.
#pragma once
#include <torch/torch.h>

#include <cstdint>

/// Pixels as Float, labels as the file stores them (int32).
struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

/// A batch of n samples of four features.
Batch make_batch(int64_t n);
/// Cross entropy of the logits against class indices.
torch::Tensor class_loss(const torch::Tensor &logits,
                         const torch::Tensor &labels);
/// The rows projected on a fixed Float basis.
torch::Tensor project_rows(const torch::Tensor &rows);
