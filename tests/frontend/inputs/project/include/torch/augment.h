// A project's own header that happens to live under include/torch/: it is
// the user's code, analysed like any other, not LibTorch's.
#pragma once
#include <torch/torch.h>

inline torch::Tensor jitter(const torch::Tensor &images, torch::Device device) {
  auto moved = images.to(device);
  auto noise = torch::randn(moved.sizes());
  return moved + noise;
}
