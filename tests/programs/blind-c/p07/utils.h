#pragma once

#include <torch/torch.h>

#include <vector>

// Inverse-frequency class weights, normalised to mean 1.
torch::Tensor class_weights(const std::vector<int64_t>& counts);

// Top-1 accuracy of logits against int64 labels (any device).
double top1(const torch::Tensor& logits, const torch::Tensor& labels);
