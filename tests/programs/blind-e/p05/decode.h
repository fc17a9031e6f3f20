#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "letterbox.h"

struct Box {
  float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  float score = 0;
  int32_t label = 0;
};

// Keeps detections above `threshold` for image 0 of the batch and maps them
// back to frame pixels.
std::vector<Box> decode_detections(const torch::jit::IValue& out,
                                   const Letterbox& lb, float threshold);
