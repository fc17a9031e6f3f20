#pragma once

#include <torch/torch.h>

/// Settings the command line fills in: the device stays the CPU unless
/// main() finds a GPU.
struct TrainConfig {
  int64_t batch_size = 32;
  double lr = 1e-3;
  torch::Device device = torch::kCPU;
};
