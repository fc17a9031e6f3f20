#pragma once

#include <torch/torch.h>

#include <vector>

// [B, C, H, W] -> [B, C, C], normalised by C * H * W.
torch::Tensor gram_matrix(const torch::Tensor& features);

// Sum over layers of the MSE between the Gram matrices of `features` and the
// precomputed style targets ([1, C, C] each).
torch::Tensor style_loss(const std::vector<torch::Tensor>& features,
                         const std::vector<torch::Tensor>& style_grams);

// ImageNet mean/std normalisation, on the device of x.
torch::Tensor imagenet_normalize(const torch::Tensor& x);

torch::Tensor total_variation(const torch::Tensor& img);
