#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

struct DQNConfig {
  int64_t state_dim = 6;
  int64_t num_actions = 4;
  int64_t hidden = 128;
  size_t buffer_capacity = 50000;
  size_t batch_size = 64;
  size_t warmup_steps = 1000;
  double gamma = 0.99;
  double lr = 5e-4;
  double eps_start = 1.0;
  double eps_end = 0.05;
  int64_t eps_decay_steps = 20000;
  int64_t target_sync_every = 1000;
  int64_t total_steps = 60000;
  std::string checkpoint_path = "dqn_policy.pt";
};

inline torch::Device pick_device() {
  if (torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}
