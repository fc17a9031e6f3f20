#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>

// Host-side image pipeline: every function takes and returns CPU tensors.
torch::Tensor load_float_images(const std::string& path, int64_t size);
torch::Tensor load_labels(const std::string& path);

// Two independently augmented views of a [B, 3, H, W] batch.
std::pair<torch::Tensor, torch::Tensor> two_views(const torch::Tensor& batch);
