#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// A decoded video frame: planar float RGB in [0, 1], [3, H, W].
struct Frame {
  int64_t width = 0;
  int64_t height = 0;
  std::vector<float> planes;
};

// Geometry needed to map model boxes back onto the original frame.
struct Letterbox {
  torch::Tensor input;       // [1, 3, S, S] host Float
  torch::Tensor input_whwh;  // [4] = (S, S, S, S): normalised -> model pixels
  torch::Tensor pad_xyxy;    // [4] = (px, py, px, py)
  float scale = 1.f;         // frame pixels * scale = model pixels
};

// Resizes the long side to `size`, pads the short side with grey (0.447).
Letterbox letterbox(const Frame& f, int64_t size);
