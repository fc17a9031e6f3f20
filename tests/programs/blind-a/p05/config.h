#pragma once
#include <torch/torch.h>
#include <cstdint>

// Model-parallel settings: the encoder lives on one GPU, the decoder on another.
struct PipelineConfig {
  torch::Device stage0;
  torch::Device stage1;
  int64_t in_dim = 32;
  int64_t hidden = 256;
  int64_t out_dim = 32;
  double lr = 1e-3;
};
