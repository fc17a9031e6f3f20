#pragma once

#include <torch/torch.h>

// Class-weighted cross-entropy against label-smoothed one-hot targets.
torch::Tensor smoothed_cross_entropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                     const torch::Tensor& class_weights, double smoothing);

// Number of rows whose label is among the k highest logits.
int64_t top_k_hits(const torch::Tensor& logits, const torch::Tensor& labels, int64_t k);
