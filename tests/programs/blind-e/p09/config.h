#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// SimCLR pre-training on H&E histopathology patches.
struct SimClrConfig {
  std::string patch_dir = "data/he_patches";
  int64_t patch = 64;
  int64_t crop = 56;
  int64_t batch_size = 64;
  int64_t epochs = 30;
  int64_t feature_dim = 128;
  int64_t projection_dim = 64;
  double temperature = 0.2;
  double lr = 3e-4;
  std::string encoder_out = "checkpoints/he_encoder.pt";
};
