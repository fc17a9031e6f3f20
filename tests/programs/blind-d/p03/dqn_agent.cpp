#include "dqn_agent.h"

#include <algorithm>

DqnAgent::DqnAgent(const DqnConfig& cfg, torch::Device device)
    : cfg_(cfg),
      device_(device),
      online_(cfg.state_dim, cfg.num_actions, cfg.hidden),
      target_(cfg.state_dim, cfg.num_actions, cfg.hidden),
      optimizer_(online_->parameters(), torch::optim::AdamOptions(cfg.lr)),
      buffer_(cfg.buffer_capacity, cfg.state_dim, cfg.seed),
      rng_(cfg.seed) {
  online_->to(device_);
  target_->to(device_);
  sync_target();
  target_->eval();
}

void DqnAgent::sync_target() {
  torch::NoGradGuard no_grad;
  auto src = online_->parameters();
  auto dst = target_->parameters();
  for (size_t i = 0; i < src.size(); ++i) dst[i].copy_(src[i]);
}

double DqnAgent::epsilon() const {
  const double frac =
      std::min(1.0, static_cast<double>(steps_) / cfg_.eps_decay_steps);
  return cfg_.eps_start + frac * (cfg_.eps_end - cfg_.eps_start);
}

int64_t DqnAgent::act(const std::vector<double>& state, double epsilon) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(rng_) < epsilon) {
    std::uniform_int_distribution<int64_t> any(0, cfg_.num_actions - 1);
    return any(rng_);
  }
  torch::NoGradGuard no_grad;
  auto x = torch::tensor(state, torch::TensorOptions()
                                    .dtype(torch::kFloat32)
                                    .device(device_))
               .unsqueeze(0);
  return online_->forward(x).argmax(1).item<int64_t>();
}

double DqnAgent::learn() {
  ++steps_;
  if (buffer_.size() < cfg_.warmup) return 0.0;

  TransitionBatch b = buffer_.sample(cfg_.batch_size);
  auto states = b.states.to(device_);  //@bug P03B torch-dtype-mismatch
  auto next_states = b.next_states.to(device_);  //@bug P03B torch-dtype-mismatch
  auto rewards = b.rewards.to(device_);
  auto dones = b.dones.to(device_);

  auto q = online_->forward(states);  //@bug P03B torch-dtype-mismatch
  auto q_taken = q.gather(1, b.actions.unsqueeze(1)).squeeze(1);  //@bug P03A torch-device-mismatch

  torch::Tensor td_target;
  {
    torch::NoGradGuard no_grad;
    // Double DQN: the online network picks, the target network evaluates.
    auto best = online_->forward(next_states).argmax(1, true);  //@bug P03B torch-dtype-mismatch
    auto next_q = target_->forward(next_states).gather(1, best).squeeze(1);  //@bug P03B torch-dtype-mismatch
    td_target = rewards + cfg_.gamma * next_q * (1.0 - dones);
  }

  auto loss = torch::smooth_l1_loss(q_taken, td_target);
  optimizer_.zero_grad();
  loss.backward();
  torch::nn::utils::clip_grad_norm_(online_->parameters(), 10.0);
  optimizer_.step();

  if (steps_ % cfg_.target_sync == 0) sync_target();
  return loss.item<double>();
}

void DqnAgent::save() const { torch::save(online_, cfg_.checkpoint); }
