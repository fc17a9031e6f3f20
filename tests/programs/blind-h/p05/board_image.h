#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Top-side grey-level image of a board from the AOI camera (binary PGM).
struct BoardImage {
  std::string serial;
  int64_t height = 0, width = 0;
  std::vector<uint8_t> pixels;
};

BoardImage read_board(const std::string& pgm_path);

// Samples one crop_px x crop_px patch per joint with the given affine
// matrices; returns [N, 1, crop_px, crop_px] Float in [0, 1].
torch::Tensor crop_joints(const BoardImage& img, const torch::Tensor& theta, int64_t crop_px);

// Embeddings of every joint of the golden (known-good) board of this
// product, as float32 rows in the order of the placement file: [N, dim].
torch::Tensor load_golden(const std::string& path, int64_t dim);
