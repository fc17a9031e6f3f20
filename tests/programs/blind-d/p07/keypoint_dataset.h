#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct Joint {
  float x = 0.0f;  // input-image pixels
  float y = 0.0f;
  bool visible = false;
};

struct PoseSample {
  std::string image;
  std::vector<Joint> joints;
};

// A collated batch, built on the host.
struct PoseBatch {
  torch::Tensor images;         // [B, 3, H, W] float
  torch::Tensor heatmaps;       // [B, J, h, w] float
  torch::Tensor target_weight;  // [B, J, 1]   float, 1 for labelled joints
  torch::Tensor keypoints;      // [B, J, 2]   float, input pixels
  torch::Tensor visible;        // [B, J]      bool
};

class KeypointDataset {
 public:
  KeypointDataset(const std::string& list, const PoseConfig& cfg);

  size_t size() const { return samples_.size(); }
  PoseBatch batch(size_t start, size_t count) const;

 private:
  torch::Tensor load_crop(const std::string& name) const;
  torch::Tensor render_heatmaps(const std::vector<Joint>& joints) const;

  PoseConfig cfg_;
  std::vector<PoseSample> samples_;
};
