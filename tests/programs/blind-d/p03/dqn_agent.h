#pragma once

#include <torch/torch.h>

#include <random>
#include <vector>

#include "config.h"
#include "qnet.h"
#include "replay_buffer.h"

class DqnAgent {
 public:
  DqnAgent(const DqnConfig& cfg, torch::Device device);

  int64_t act(const std::vector<double>& state, double epsilon);
  void remember(Transition t) { buffer_.push(std::move(t)); }
  // One gradient step; returns the TD loss (0 while the buffer warms up).
  double learn();
  double epsilon() const;
  void save() const;

 private:
  void sync_target();

  DqnConfig cfg_;
  torch::Device device_;
  DuelingQNet online_;
  DuelingQNet target_;
  torch::optim::Adam optimizer_;
  ReplayBuffer buffer_;
  std::mt19937 rng_;
  int64_t steps_ = 0;
};
