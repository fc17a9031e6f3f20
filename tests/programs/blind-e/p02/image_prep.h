#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// A decoded RGB frame from the shelf camera (8-bit, HWC, row-major).
struct RgbImage {
  int64_t width = 0;
  int64_t height = 0;
  std::vector<uint8_t> pixels;
};

// Centre-crops and resizes to size x size, converts to Float NCHW in [0, 1]
// and applies the ImageNet normalisation. Returns a host tensor [1, 3, S, S].
torch::Tensor preprocess(const RgbImage& img, int64_t size);

// Stacks preprocessed images and places the batch where the predictor runs.
torch::Tensor to_model_batch(const std::vector<torch::Tensor>& images,
                             const torch::Device& device);
