#pragma once

#include <torch/torch.h>

#include <memory>

#include "sr_backend.h"
#include "tiler.h"

struct UpscaleOptions {
  int64_t tile = 192;     // input pixels
  int64_t overlap = 16;   // input pixels
};

// Tiled super-resolution with feathered blending of overlapping tiles, so
// that 4K frames fit in the GPU's memory.
class Upscaler {
 public:
  Upscaler(std::unique_ptr<SrBackend> backend, const UpscaleOptions& opts);

  // image: [1, 3, H, W] in [0, 1] (host). Returns [1, 3, sH, sW].
  torch::Tensor upscale(const torch::Tensor& image);

 private:
  std::unique_ptr<SrBackend> backend_;
  UpscaleOptions opts_;
  torch::Tensor window_;  // [1, 1, s*tile, s*tile] on the backend's device
};
