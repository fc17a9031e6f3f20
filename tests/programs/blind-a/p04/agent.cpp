#include "agent.h"
#include "config.h"

DdpgAgent::DdpgAgent(int64_t obs_dim, int64_t act_dim, double max_action, torch::Device device)
    : device_(device),
      act_dim_(act_dim),
      sigma_(hp::kNoiseSigma),
      actor_(obs_dim, act_dim),
      action_scale_(torch::ones({1, act_dim}) * max_action),  //@bug P04B torch-device-mismatch
      actor_opt_(actor_->parameters(), torch::optim::AdamOptions(hp::kActorLr)) {
  actor_->to(device_);
}

torch::Tensor DdpgAgent::exploration_noise(int64_t rows) const {
  return torch::randn({rows, act_dim_}) * sigma_;  //@bug P04A torch-device-mismatch|torch-factory-missing-device
}

std::vector<float> DdpgAgent::act(const std::vector<float>& obs, bool explore) {
  torch::NoGradGuard no_grad;
  auto x = torch::tensor(obs).unsqueeze(0).to(device_);
  auto action = actor_->forward(x) * action_scale_;  //@bug P04B torch-device-mismatch
  if (explore) {
    action = action + exploration_noise(action.size(0));  //@bug P04A torch-device-mismatch
  }
  action = action.clamp(-hp::kMaxAction, hp::kMaxAction).squeeze(0).cpu().contiguous();
  return std::vector<float>(action.data_ptr<float>(), action.data_ptr<float>() + action.numel());
}

double DdpgAgent::behaviour_clone(const torch::Tensor& obs, const torch::Tensor& expert_actions) {
  auto pred = actor_->forward(obs.to(device_));
  auto target = expert_actions.to(device_) / hp::kMaxAction;
  auto loss = torch::mse_loss(pred, target);
  actor_opt_.zero_grad();
  loss.backward();
  actor_opt_.step();
  return loss.item<double>();
}
