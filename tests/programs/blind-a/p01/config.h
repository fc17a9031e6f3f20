#pragma once
#include <torch/torch.h>
#include <cstdint>

struct Config {
  torch::Device device;
  int64_t batch_size;
  int64_t epochs;
  double learning_rate;
};

inline Config default_config() {
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  return Config{device, 32, 3, 1e-2};
}
