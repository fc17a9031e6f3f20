#pragma once

#include <torch/torch.h>

#include <cstdint>

// Spherical interpolation between two random prior samples: [steps, latent].
torch::Tensor slerp_walk(int64_t steps, int64_t latent, torch::Device device);

// Tiles a [N, 784] batch of digits into one 8-bit grayscale image (host).
torch::Tensor tile_digits(const torch::Tensor& images, int64_t per_row);
