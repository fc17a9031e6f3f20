#pragma once
#include <torch/torch.h>
#include <cstdint>

struct SegConfig {
  torch::Device device = torch::kCPU;
  int64_t in_channels = 3;
  int64_t num_classes = 4;
  int64_t image_size = 32;
  double lr = 1e-3;
};

inline SegConfig make_config() {
  SegConfig cfg;
  if (torch::cuda::is_available()) {
    cfg.device = torch::Device(torch::kCUDA);
  }
  return cfg;
}
