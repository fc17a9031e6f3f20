#pragma once

#include <torch/torch.h>

#include <vector>

struct Keypoint {
  float x = 0.0f;
  float y = 0.0f;
  float confidence = 0.0f;
};

// Decodes one keypoint per joint from heatmaps [J, H, W] (float32, contiguous):
// arg-max cell refined by a quarter-pixel shift towards the larger neighbour,
// scaled back to image pixels by `stride`.
std::vector<Keypoint> decode_peaks(const torch::Tensor& heatmaps, float stride);
