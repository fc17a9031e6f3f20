#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// 8-bit interleaved RGB frame as delivered by the capture daemon.
struct RgbFrame {
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> pixels;  // [H * W * 3]
};

RgbFrame read_ppm(const std::string& path);

// Resizes to the network resolution and applies ImageNet normalisation.
// Returns a host [1, 3, net_h, net_w] Float tensor.
torch::Tensor frame_to_input(const RgbFrame& frame, int64_t net_h, int64_t net_w);
