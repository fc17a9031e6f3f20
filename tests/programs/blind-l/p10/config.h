#pragma once

#include <torch/torch.h>

struct TrainConfig {
  torch::Device device = torch::kCPU;
  int64_t fingerprint_bits = 1024;
  int64_t epochs = 15;
  int64_t batch_size = 64;
  double lr = 1e-3;
  int threads = 4;
  uint64_t seed = 1234;
};
