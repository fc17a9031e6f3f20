#include "agent.h"
#include <iostream>

A2CAgent::A2CAgent(const Config& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      net_(cfg.obs_dim, cfg.n_actions),
      storage_(cfg.rollout_len, cfg.obs_dim, cfg.device),
      gamma_(torch::tensor(cfg.gamma, torch::kDouble)),  // 0-dim CPU Double: a scalar, allowed and no promotion
      opt_(net_->parameters(), torch::optim::RMSpropOptions(7e-4)) {
  net_->to(device_);
}

int64_t A2CAgent::act(const torch::Tensor& obs_row, int64_t t) {
  torch::NoGradGuard no_grad;
  auto obs = obs_row.to(device_);
  storage_.obs[t].copy_(obs);
  auto logits = std::get<0>(net_->forward(obs.unsqueeze(0)));
  auto action = torch::multinomial(torch::softmax(logits, -1), 1).squeeze();
  storage_.actions[t].copy_(action);
  return action.item<int64_t>();
}

void A2CAgent::compute_returns() {
  auto running = torch::zeros({1}, storage_.rewards.options());
  for (int64_t t = cfg_.rollout_len - 1; t >= 0; --t) {
    running = storage_.rewards.narrow(0, t, 1) + gamma_ * running;  // Float[1] * 0-dim Double -> Float[1]
    storage_.returns.narrow(0, t, 1).copy_(running);
  }
}

double A2CAgent::update() {
  // Shuffle on the host: CPU index tensors may index device tensors.
  auto perm = torch::randperm(cfg_.rollout_len);
  double total = 0.0;
  for (int64_t start = 0; start < cfg_.rollout_len; start += cfg_.minibatch) {
    auto idx = perm.slice(0, start, start + cfg_.minibatch);
    auto obs = storage_.obs.index({idx});
    auto actions = storage_.actions.index({idx});
    auto returns = storage_.returns.index({idx});
    auto out = net_->forward(obs);
    auto log_probs = torch::log_softmax(std::get<0>(out), -1);
    auto values = std::get<1>(out);
    auto advantages = (returns - values).detach();
    auto chosen = log_probs.gather(1, actions.unsqueeze(1)).squeeze(1);
    auto loss = -(chosen * advantages).mean() + 0.5 * (returns - values).pow(2).mean();
    opt_.zero_grad();
    loss.backward();
    opt_.step();
    total += loss.item<double>();
  }
  return total;
}

void A2CAgent::print_policy(const torch::Tensor& probe) {
  torch::NoGradGuard no_grad;
  auto probs = torch::softmax(std::get<0>(net_->forward(probe.to(device_))), -1).cpu();
  auto acc = probs.accessor<float, 2>();
  for (int64_t i = 0; i < probs.size(0); ++i) std::cout << "state " << i << " p0=" << acc[i][0] << "\n";
}
