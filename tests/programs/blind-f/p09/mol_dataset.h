#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct MolBatch {
  torch::Tensor fingerprints;  // [B, fp_bits] Float 0/1
  torch::Tensor descriptors;   // [B, num_descriptors] Float, raw units
  torch::Tensor targets;       // [B, num_tasks] Float, 0 where missing
  torch::Tensor target_mask;   // [B, num_tasks] Float, 1 where measured
};

class MolDataset {
 public:
  MolDataset(const std::string& path, const MolConfig& cfg);
  size_t size() const { return n_; }
  MolBatch batch(const std::vector<size_t>& idx) const;
  const std::vector<float>& descriptors() const { return desc_; }
  const MolConfig& config() const { return cfg_; }

 private:
  MolConfig cfg_;
  size_t n_ = 0;
  std::vector<uint8_t> bits_;   // [N, fp_bits]
  std::vector<float> desc_;     // [N, num_descriptors]
  std::vector<float> targets_;  // [N, num_tasks], NaN = not measured
};

// ---- target/feature statistics and the regression loss (objectives.cpp) ----
struct Standardizer {
  torch::Tensor mean;  // [num_descriptors]
  torch::Tensor stdv;  // [num_descriptors]
};
Standardizer fit_descriptor_scaler(const MolDataset& data);

// Mean squared error over measured targets only, per-task weighted.
torch::Tensor masked_mse(const torch::Tensor& pred, const torch::Tensor& target,
                         const torch::Tensor& mask, const torch::Tensor& task_weights);
