#pragma once
#include <torch/torch.h>
#include <cstdint>

struct Config {
  torch::Device device;
  int64_t obs_dim;
  int64_t n_actions;
  int64_t rollout_len;
  int64_t minibatch;
  double gamma;
};

inline Config make_config() {
  return Config{torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU), 4, 3, 64, 16,
                0.99};
}
