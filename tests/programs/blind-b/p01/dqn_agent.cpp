#include "dqn_agent.h"

DQNAgent::DQNAgent(const DQNConfig& cfg, torch::Device device)
    : cfg_(cfg),
      device_(device),
      policy_net_(cfg.state_dim, cfg.num_actions, cfg.hidden),
      target_net_(cfg.state_dim, cfg.num_actions, cfg.hidden) {
  policy_net_->to(device_);
  target_net_->to(device_);
  target_net_->eval();
  sync_target();
  optimizer_ = std::make_unique<torch::optim::Adam>(
      policy_net_->parameters(), torch::optim::AdamOptions(cfg_.lr));
}

int64_t DQNAgent::act(const std::vector<float>& state, double epsilon) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(rng_) < epsilon) {
    std::uniform_int_distribution<int64_t> any(0, cfg_.num_actions - 1);
    return any(rng_);
  }
  torch::NoGradGuard no_grad;
  auto obs = torch::tensor(state).unsqueeze(0).to(device_);
  return policy_net_->forward(obs).argmax(1).item<int64_t>();
}

float DQNAgent::learn(ReplayBuffer& buffer) {
  Batch batch = buffer.sample(cfg_.batch_size);  //@bug P01A torch-device-mismatch
  auto states = batch.states.to(device_);
  auto next_states = batch.next_states.to(device_);
  auto rewards = batch.rewards.to(device_);
  auto dones = batch.dones.to(device_);

  auto q_values = policy_net_->forward(states)  //@bug P01A torch-device-mismatch
                      .gather(1, batch.actions.unsqueeze(1))  //@bug P01A torch-device-mismatch
                      .squeeze(1);

  torch::Tensor targets;
  {
    torch::NoGradGuard no_grad;
    auto next_q = std::get<0>(target_net_->forward(next_states).max(1));
    targets = rewards + cfg_.gamma * next_q * (1 - dones);
  }

  auto loss = torch::smooth_l1_loss(q_values, targets);
  optimizer_->zero_grad();
  loss.backward();
  torch::nn::utils::clip_grad_norm_(policy_net_->parameters(), 10.0);
  optimizer_->step();

  if (++updates_ % cfg_.target_sync_every == 0) {
    sync_target();
  }
  return loss.item<float>();
}

void DQNAgent::sync_target() {
  torch::NoGradGuard no_grad;
  auto src = policy_net_->parameters();
  auto dst = target_net_->parameters();
  for (size_t i = 0; i < src.size(); ++i) {
    dst[i].copy_(src[i]);
  }
}

void DQNAgent::save(const std::string& path) {
  torch::save(policy_net_, path);
}
