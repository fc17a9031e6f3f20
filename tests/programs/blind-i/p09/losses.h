#pragma once

#include <torch/torch.h>

#include <utility>

// NLL of targets [B, T, 2] under the Gaussians of params [B, T, 5].
torch::Tensor bivariate_nll(const torch::Tensor& params, const torch::Tensor& target);

// Average and final displacement errors in metres: pred, truth [B, T, 2].
std::pair<double, double> ade_fde(const torch::Tensor& pred, const torch::Tensor& truth);
