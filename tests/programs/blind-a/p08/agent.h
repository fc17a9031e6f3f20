#pragma once
#include <torch/torch.h>
#include "config.h"
#include "policy.h"

// Rollout storage allocated directly on the training device.
struct RolloutStorage {
  RolloutStorage(int64_t len, int64_t obs_dim, torch::Device device)
      : obs(torch::zeros({len, obs_dim}, torch::TensorOptions().device(device))),
        actions(torch::zeros({len}, torch::TensorOptions().dtype(torch::kLong).device(device))),
        rewards(torch::zeros({len}, torch::device(device))),
        returns(torch::zeros({len}, torch::device(device))) {}
  torch::Tensor obs, actions, rewards, returns;
};

class A2CAgent {
 public:
  explicit A2CAgent(const Config& cfg);
  int64_t act(const torch::Tensor& obs_row, int64_t t);
  void record(int64_t t, double reward) { storage_.rewards[t].fill_(reward); }
  void compute_returns();
  double update();
  void print_policy(const torch::Tensor& probe);

 private:
  Config cfg_;
  torch::Device device_;
  ActorCritic net_;
  RolloutStorage storage_;
  torch::Tensor gamma_;
  torch::optim::RMSprop opt_;
};
