#include "tile_dataset.h"

#include <cmath>
#include <fstream>
#include <random>

TileDataset::TileDataset(const LandCoverConfig& cfg, bool train) : cfg_(cfg) {
  // Synthetic stand-in for the GeoTIFF reader: smooth fields + stripes.
  std::mt19937 rng(train ? 7 : 11);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  const size_t n = train ? 96 : 24;
  const int64_t hw = cfg.tile * cfg.tile;
  for (size_t i = 0; i < n; ++i) {
    Tile t;
    t.bands.resize(static_cast<size_t>(cfg.bands * hw));
    t.label.resize(static_cast<size_t>(hw));
    for (int64_t p = 0; p < hw; ++p) {
      const int64_t cls = ((p / cfg.tile) / 16 + static_cast<int64_t>(i)) %
                          cfg.num_classes;
      t.label[static_cast<size_t>(p)] =
          u(rng) < 0.02f ? static_cast<uint8_t>(cfg.ignore_label)
                         : static_cast<uint8_t>(cls);
      for (int64_t b = 0; b < cfg.bands; ++b) {
        t.bands[static_cast<size_t>(b * hw + p)] =
            0.1f * static_cast<float>(cls + b) + 0.05f * u(rng);
      }
    }
    tiles_.push_back(std::move(t));
  }
}

TileBatch TileDataset::batch(const std::vector<size_t>& idx) const {
  const int64_t B = static_cast<int64_t>(idx.size());
  const int64_t hw = cfg_.tile * cfg_.tile;
  std::vector<float> images;
  std::vector<int32_t> labels;
  images.reserve(static_cast<size_t>(B * cfg_.bands * hw));
  labels.reserve(static_cast<size_t>(B * hw));
  for (size_t i : idx) {
    const Tile& t = tiles_[i];
    images.insert(images.end(), t.bands.begin(), t.bands.end());
    for (uint8_t v : t.label) labels.push_back(static_cast<int32_t>(v));
  }
  TileBatch b;
  b.images = torch::from_blob(images.data(), {B, cfg_.bands, cfg_.tile, cfg_.tile},
                              torch::kFloat32)
                 .clone();
  b.labels = torch::from_blob(labels.data(), {B, cfg_.tile, cfg_.tile},  //@bug P06A torch-loss-target-dtype|torch-dtype-mismatch
                              torch::kInt32)
                 .clone();
  return b;
}
