#pragma once
#include <torch/torch.h>
#include <vector>
#include "actor.h"

class DdpgAgent {
 public:
  DdpgAgent(int64_t obs_dim, int64_t act_dim, double max_action, torch::Device device);
  std::vector<float> act(const std::vector<float>& obs, bool explore);
  double behaviour_clone(const torch::Tensor& obs, const torch::Tensor& expert_actions);

 private:
  torch::Tensor exploration_noise(int64_t rows) const;

  torch::Device device_;
  int64_t act_dim_;
  double sigma_;
  Actor actor_;
  torch::Tensor action_scale_;
  torch::optim::Adam actor_opt_;
};
