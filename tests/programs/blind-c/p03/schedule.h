#pragma once

#include <torch/torch.h>

#include "config.h"

// Pre-computed coefficients of the forward process q(x_t | x_0) and of the
// posterior q(x_{t-1} | x_t, x_0). All are 1-D tensors of length T.
struct NoiseSchedule {
  torch::Tensor betas;
  torch::Tensor alphas;
  torch::Tensor alphas_cumprod;
  torch::Tensor alphas_cumprod_prev;
  torch::Tensor sqrt_recip_alphas;
  torch::Tensor sqrt_one_minus_alphas_cumprod;
  torch::Tensor posterior_variance;
};

NoiseSchedule make_linear_schedule(const DiffusionConfig& cfg);

// Picks a[t] for every element of the batch and reshapes it so that it
// broadcasts against an image batch of rank `ndim`.
torch::Tensor extract(const torch::Tensor& a, const torch::Tensor& t,
                      int64_t ndim);
