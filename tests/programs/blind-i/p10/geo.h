#pragma once

#include <torch/torch.h>

// The campus frame the network regresses in: UTM minus the survey centroid,
// divided by the per-axis spread, so that both axes are O(1).
struct LocalFrame {
  torch::Tensor origin;  // [2] float64, metres
  torch::Tensor scale;   // [2] float64, metres
};

LocalFrame fit_local_frame(const torch::Tensor& utm);
torch::Tensor to_local(const LocalFrame& frame, const torch::Tensor& utm);
torch::Tensor to_utm(const LocalFrame& frame, const torch::Tensor& local);
