#pragma once
#include <torch/torch.h>

#include <vector>

// Detections above a threshold, read from the model's output on the host.
std::vector<float> keepScores(const torch::Tensor &scores, float threshold);
