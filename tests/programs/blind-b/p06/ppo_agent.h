#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>

#include "actor_critic.h"
#include "ppo_config.h"
#include "rollout.h"

class PPOAgent {
 public:
  explicit PPOAgent(const PPOConfig& cfg);

  // Samples an action for one observation and records it in the rollout.
  int64_t step(const torch::Tensor& obs, RolloutBuffer& rollout);
  void update(RolloutBuffer& rollout);

  const torch::Device& device() const { return device_; }

 private:
  torch::Tensor encode(const torch::Tensor& obs);

  PPOConfig cfg_;
  torch::Device device_;
  torch::jit::script::Module encoder_;
  ActorCritic policy_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
