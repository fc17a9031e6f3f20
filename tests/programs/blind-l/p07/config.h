#pragma once

#include <torch/torch.h>

struct TrainConfig {
  torch::Device device = torch::kCPU;
  int64_t window = 30;  // trading days of log returns per sample
  int64_t hidden = 64;
  int64_t layers = 2;
  int64_t batch_size = 64;
  int64_t epochs = 8;
  double lr = 5e-4;
};
