#pragma once

#include <torch/torch.h>

#include <vector>

// Stores one on-policy rollout. Observations, actions and log-probs are kept
// as tensors on the acting device; rewards and episode ends come back from the
// simulator as plain numbers.
class RolloutBuffer {
 public:
  void add(torch::Tensor obs, torch::Tensor action, torch::Tensor log_prob,
           torch::Tensor value) {
    observations_.push_back(std::move(obs));
    actions_.push_back(std::move(action));
    log_probs_.push_back(std::move(log_prob));
    values_.push_back(std::move(value));
  }

  // Called once the simulator has answered the action recorded by add().
  void record_outcome(double reward, bool done) {
    rewards_.push_back(reward);
    dones_.push_back(done ? 1.0 : 0.0);
  }

  void clear() {
    observations_.clear();
    actions_.clear();
    log_probs_.clear();
    values_.clear();
    rewards_.clear();
    dones_.clear();
  }

  int64_t size() const { return static_cast<int64_t>(rewards_.size()); }

  torch::Tensor observations() const { return torch::stack(observations_); }
  torch::Tensor actions() const { return torch::stack(actions_); }
  torch::Tensor log_probs() const { return torch::stack(log_probs_); }
  torch::Tensor values() const { return torch::stack(values_); }

  torch::Tensor discounted_returns(double gamma) const;

 private:
  std::vector<torch::Tensor> observations_;
  std::vector<torch::Tensor> actions_;
  std::vector<torch::Tensor> log_probs_;
  std::vector<torch::Tensor> values_;
  std::vector<double> rewards_;
  std::vector<double> dones_;
};
