#pragma once

#include <torch/torch.h>

#include <memory>
#include <vector>

#include "config.h"
#include "policy.h"

class ReinforceAgent {
 public:
  ReinforceAgent(const AgentConfig& cfg, torch::Device device);

  int act(const std::vector<float>& obs);
  void record_reward(float r) { rewards_.push_back(r); }
  // One policy-gradient update from the finished episode; returns the loss.
  double finish_episode();

  std::vector<float> action_probs(const std::vector<float>& obs);
  void save() const;

 private:
  AgentConfig cfg_;
  torch::Device device_;
  PolicyNet policy_;
  std::unique_ptr<torch::optim::Adam> optimizer_;

  std::vector<torch::Tensor> log_probs_;
  std::vector<torch::Tensor> entropies_;
  std::vector<float> rewards_;
};
