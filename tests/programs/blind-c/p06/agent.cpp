#include "agent.h"

#include <algorithm>
#include <fstream>
#include <iostream>

ReinforceAgent::ReinforceAgent(const AgentConfig& cfg, torch::Device device)
    : cfg_(cfg),
      device_(device),
      policy_(cfg.obs_dim, cfg.hidden, cfg.num_actions) {
  if (cfg_.resume && std::ifstream(cfg_.checkpoint).good()) {
    torch::load(policy_, cfg_.checkpoint, device_);
  }
  policy_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(
      policy_->parameters(), torch::optim::AdamOptions(cfg_.lr));
}

int ReinforceAgent::act(const std::vector<float>& obs) {
  auto state = torch::from_blob(const_cast<float*>(obs.data()),
                                {1, cfg_.obs_dim}, torch::kFloat)
                   .to(device_);
  auto probs = policy_->forward(state);
  auto action = probs.multinomial(1);  // [1, 1] int64, on device_
  log_probs_.push_back(torch::log(probs.gather(1, action)).squeeze(1));
  entropies_.push_back(-(probs * torch::log(probs + 1e-8)).sum(1));
  return static_cast<int>(action.item<int64_t>());
}

double ReinforceAgent::finish_episode() {
  // Discounted returns, computed backwards on the host.
  auto discount = [gamma = cfg_.gamma](const std::vector<float>& rewards) {
    std::vector<float> out(rewards.size());
    double running = 0.0;
    for (size_t i = rewards.size(); i-- > 0;) {
      running = rewards[i] + gamma * running;
      out[i] = static_cast<float>(running);
    }
    return out;
  };
  const std::vector<float> returns = discount(rewards_);

  auto R = torch::tensor(returns, torch::TensorOptions().device(device_));
  if (R.numel() > 1) {
    R = (R - R.mean()) / (R.std() + 1e-8);
  }
  auto log_probs = torch::cat(log_probs_);   // [T]
  auto entropies = torch::cat(entropies_);   // [T]

  // A 0-dim double coefficient on the host: it is a CPU scalar, so it can be
  // combined with the device tensor and does not change its dtype.
  auto entropy_coef = torch::tensor(cfg_.entropy_coef, torch::kFloat64);
  auto loss = -(log_probs * R).sum() - (entropies * entropy_coef).sum();

  optimizer_->zero_grad();
  loss.backward();
  torch::nn::utils::clip_grad_norm_(policy_->parameters(), cfg_.max_grad_norm);
  optimizer_->step();

  const double value = loss.item<double>();
  log_probs_.clear();
  entropies_.clear();
  rewards_.clear();
  return value;
}

std::vector<float> ReinforceAgent::action_probs(const std::vector<float>& obs) {
  torch::NoGradGuard no_grad;
  auto state = torch::tensor(obs).view({1, cfg_.obs_dim}).to(device_);
  auto probs = policy_->forward(state).cpu();
  auto acc = probs.accessor<float, 2>();
  std::vector<float> out;
  for (int64_t a = 0; a < acc.size(1); ++a) out.push_back(acc[0][a]);
  return out;
}

void ReinforceAgent::save() const { torch::save(policy_, cfg_.checkpoint); }
