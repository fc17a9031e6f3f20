#pragma once

#include <torch/torch.h>

#include <vector>

#include "jets.h"

// What the tagger needs to know about the training set.
struct DatasetStats {
  torch::Tensor feature_mean;  // [6] over all real constituents
  torch::Tensor feature_std;   // [6]
  torch::Tensor log_prior;     // [C] log class frequencies
};

DatasetStats compute_stats(const std::vector<Jet>& jets, int64_t num_classes,
                           int64_t max_particles);
