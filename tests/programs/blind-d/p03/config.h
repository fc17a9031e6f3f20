#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Double DQN on a small drone-hover task.
struct DqnConfig {
  int64_t state_dim = 5;
  int64_t num_actions = 5;
  int64_t hidden = 128;

  size_t buffer_capacity = 100000;
  size_t warmup = 2000;
  size_t batch_size = 64;
  int64_t episodes = 600;
  int64_t max_steps = 400;
  int64_t target_sync = 1000;  // steps between target-network copies

  double gamma = 0.99;
  double lr = 5e-4;
  double eps_start = 1.0;
  double eps_end = 0.05;
  double eps_decay_steps = 30000.0;
  unsigned seed = 7;
  std::string checkpoint = "checkpoints/hover_dqn.pt";
};

struct RunOptions {
  DqnConfig dqn;
  torch::Device device = torch::kCPU;
  bool render = false;
};
