#pragma once
#include <torch/torch.h>
#include <cstdint>

struct Config {
  torch::Device device;
  int64_t vocab;
  int64_t embed;
  int64_t hidden;
  int64_t classes;
};

inline torch::Device pick_device() {
  if (torch::cuda::is_available()) return torch::Device(torch::kCUDA, 0);
  return torch::Device(torch::kCPU);
}
