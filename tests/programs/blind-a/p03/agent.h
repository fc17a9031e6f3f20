#pragma once
#include <torch/torch.h>
#include <vector>
#include "qnet.h"
#include "replay_buffer.h"

class DqnAgent {
 public:
  DqnAgent(int64_t obs_dim, int64_t n_actions, torch::Device device, double gamma = 0.99);
  int64_t act(const std::vector<float>& state, double epsilon, std::mt19937& rng);
  double learn(const Batch& batch);
  void sync_target();

 private:
  torch::Device device_;
  int64_t n_actions_;
  double gamma_;
  QNet policy_net_;
  QNet target_net_;
  torch::optim::Adam optimizer_;
};
