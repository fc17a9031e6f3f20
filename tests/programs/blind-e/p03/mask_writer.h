#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

struct LungReport {
  int64_t voxels = 0;
  double volume_ml = 0.0;
};

// Thresholds the probabilities, writes an 8-bit mask (0/255) next to the
// study and returns the segmented volume.
LungReport write_mask(const torch::Tensor& probs, double threshold,
                      double voxel_ml, const std::string& out_path);
