#include "agent.h"

DqnAgent::DqnAgent(int64_t obs_dim, int64_t n_actions, torch::Device device, double gamma)
    : device_(device),
      n_actions_(n_actions),
      gamma_(gamma),
      policy_net_(obs_dim, n_actions),
      target_net_(obs_dim, n_actions),
      optimizer_(policy_net_->parameters(), torch::optim::AdamOptions(5e-4)) {
  policy_net_->to(device_);
  target_net_->to(device_);
  sync_target();
}

void DqnAgent::sync_target() {
  torch::NoGradGuard no_grad;
  auto src = policy_net_->parameters();
  auto dst = target_net_->parameters();
  for (size_t i = 0; i < src.size(); ++i) dst[i].copy_(src[i]);
}

int64_t DqnAgent::act(const std::vector<float>& state, double epsilon, std::mt19937& rng) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(rng) < epsilon) {
    std::uniform_int_distribution<int64_t> any(0, n_actions_ - 1);
    return any(rng);
  }
  torch::NoGradGuard no_grad;
  auto s = torch::tensor(state).unsqueeze(0).to(device_);
  return policy_net_->forward(s).argmax(1).item<int64_t>();
}

double DqnAgent::learn(const Batch& batch) {
  auto states = batch.states.to(device_);
  auto next_states = batch.next_states.to(device_);
  auto actions = batch.actions.to(device_);

  auto q = policy_net_->forward(states).gather(1, actions.unsqueeze(1)).squeeze(1);
  torch::Tensor next_q;
  {
    torch::NoGradGuard no_grad;
    next_q = std::get<0>(target_net_->forward(next_states).max(1));
  }
  auto target = batch.rewards + gamma_ * next_q * (1 - batch.dones);  //@bug P03A torch-device-mismatch
  auto loss = torch::smooth_l1_loss(q, target.detach());
  optimizer_.zero_grad();
  loss.backward();
  optimizer_.step();
  return loss.item<double>();
}
