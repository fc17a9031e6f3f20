#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>
#include <vector>

#include "config.h"
#include "q_network.h"
#include "replay_buffer.h"

class DQNAgent {
 public:
  DQNAgent(const DQNConfig& cfg, torch::Device device);

  int64_t act(const std::vector<float>& state, double epsilon);
  float learn(ReplayBuffer& buffer);
  void sync_target();
  void save(const std::string& path);

  QNetwork& policy() { return policy_net_; }

 private:
  DQNConfig cfg_;
  torch::Device device_;
  QNetwork policy_net_;
  QNetwork target_net_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::mt19937 rng_{7};
  int64_t updates_ = 0;
};
