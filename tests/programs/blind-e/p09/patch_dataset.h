#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <vector>

#include "config.h"

// Two random views of the same RGB patches, both [B, 3, crop, crop] Float in
// (0, 1], on the host.
struct ViewPair {
  torch::Tensor a;
  torch::Tensor b;
};

class PatchDataset {
 public:
  explicit PatchDataset(const SimClrConfig& cfg);
  int64_t size() const { return static_cast<int64_t>(patches_.size()); }
  ViewPair views(int64_t start, int64_t count);

 private:
  torch::Tensor augment(const torch::Tensor& patch);

  SimClrConfig cfg_;
  std::vector<std::vector<uint8_t>> patches_;  // HWC RGB
  std::mt19937 rng_{1234};
};

// Inverse of the Ruifrok-Johnston H&E(+residual) stain matrix: maps optical
// density [.., 3] to stain concentrations [.., 3].
torch::Tensor he_stain_inverse();
