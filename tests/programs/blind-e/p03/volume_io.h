#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// A CT volume as delivered by the PACS bridge: signed 16-bit Hounsfield
// units, slice-major [D, H, W].
struct CtVolume {
  int64_t depth = 0;
  int64_t height = 0;
  int64_t width = 0;
  std::vector<int16_t> hu;
};

CtVolume read_raw_volume(const std::string& path, int64_t d, int64_t h,
                         int64_t w);

// Lung window [-1000, 400] HU scaled to [0, 1]; returns host Float [D, H, W].
torch::Tensor lung_window(const CtVolume& vol);

// Slices [start, start + count) as a model batch [count, 1, H, W] (host).
torch::Tensor slab(const torch::Tensor& windowed, int64_t start, int64_t count);
