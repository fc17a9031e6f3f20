#pragma once
#include <torch/torch.h>
#include <cstdint>

// This tool runs on embedded CPUs only: the device is fixed to the CPU.
struct Config {
  torch::Device device{torch::kCPU};
  int64_t window = 16;
  int64_t channels = 3;
  int64_t classes = 4;
  int64_t epochs = 4;
};
