#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// REINFORCE with a learned baseline-free return normalisation on CartPole.
struct AgentConfig {
  int64_t obs_dim = 4;
  int64_t num_actions = 2;
  int64_t hidden = 128;
  double lr = 3e-3;
  double gamma = 0.99;
  double entropy_coef = 0.01;
  double max_grad_norm = 1.0;

  int64_t episodes = 800;
  int64_t max_steps = 500;
  double solved_reward = 475.0;
  unsigned seed = 3;

  std::string checkpoint = "reinforce_policy.pt";
  bool resume = false;
};

inline torch::Device select_device(bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}
