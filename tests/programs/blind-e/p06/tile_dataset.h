#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct Tile {
  std::vector<float> bands;    // [C, H, W] reflectance, already scaled
  std::vector<uint8_t> label;  // [H, W] class id or 255
};

struct TileBatch {
  torch::Tensor images;  // [B, bands, H, W] Float
  torch::Tensor labels;  // [B, H, W] class ids
};

class TileDataset {
 public:
  TileDataset(const LandCoverConfig& cfg, bool train);
  size_t size() const { return tiles_.size(); }
  const Tile& tile(size_t i) const { return tiles_[i]; }
  TileBatch batch(const std::vector<size_t>& idx) const;

 private:
  LandCoverConfig cfg_;
  std::vector<Tile> tiles_;
};

// Median-frequency class balancing (Eigen & Fergus): weight_c = median(f) / f_c,
// computed over the training labels. Returns [num_classes].
torch::Tensor median_frequency_weights(const TileDataset& data,
                                       int64_t num_classes,
                                       int64_t ignore_label);

// Per-band mean / standard deviation over the training tiles, [1, bands, 1, 1].
struct BandStats {
  torch::Tensor mean;
  torch::Tensor stdv;
};
BandStats band_statistics(const TileDataset& data, int64_t bands);
