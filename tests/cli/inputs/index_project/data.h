// The dataset's side of the project: labels and features as the data files
// hold them.
#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <vector>

/// Class labels read from the data file, as the file stores them (int32).
torch::Tensor load_labels(std::vector<int32_t> &raw);
/// The labels, ready for training (the dataset's own wrapper).
torch::Tensor prepared_labels(std::vector<int32_t> &raw);
/// The mean of each feature column, kept in double precision.
torch::Tensor feature_mean(const torch::Tensor &x);
/// x scaled to zero mean and unit variance, where x is.
torch::Tensor standardised(const torch::Tensor &x);
