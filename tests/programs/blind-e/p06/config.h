#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Land-cover segmentation of 4-band (RGB + NIR) satellite tiles.
struct LandCoverConfig {
  std::string tile_dir = "data/tiles";
  std::string checkpoint = "checkpoints/landcover.pt";
  int64_t num_classes = 6;  // water, forest, crop, urban, bare, wetland
  int64_t ignore_label = 255;  // clouds / no-data
  int64_t tile = 128;
  int64_t bands = 4;
  int64_t batch_size = 8;
  int64_t epochs = 20;
  double lr = 1e-3;
  torch::Device device = torch::kCPU;
};
