// A helper that builds the labels on the caller's device.
#pragma once
#include <torch/torch.h>

inline torch::Tensor makeLabels(const torch::Device &device) {
  return torch::tensor({0, 1, 2, 0}).to(device);
}
