#pragma once

#include <torch/torch.h>

#include <cstdint>

// Inverse-frequency class weights, normalised to mean 1, for an imbalanced
// label distribution.
torch::Tensor inverse_frequency_weights(const torch::Tensor& labels,
                                        int64_t num_classes);
