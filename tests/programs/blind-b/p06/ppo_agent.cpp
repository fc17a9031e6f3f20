#include "ppo_agent.h"

#include <iostream>

namespace {

torch::Device choose_device(bool want_cuda) {
  return (want_cuda && torch::cuda::is_available()) ? torch::Device(torch::kCUDA)
                                                    : torch::Device(torch::kCPU);
}

torch::Tensor normalize(const torch::Tensor& x) {
  return (x - x.mean()) / (x.std() + 1e-8);
}

}  // namespace

PPOAgent::PPOAgent(const PPOConfig& cfg)
    : cfg_(cfg),
      device_(choose_device(cfg.use_cuda)),
      policy_(cfg.feature_dim, cfg.num_actions) {
  encoder_ = torch::jit::load(cfg_.encoder_path);  //@bug P06A torch-load-without-device|torch-device-mismatch
  encoder_.eval();
  policy_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(
      policy_->parameters(), torch::optim::AdamOptions(cfg_.lr).eps(1e-5));
}

torch::Tensor PPOAgent::encode(const torch::Tensor& obs) {
  torch::NoGradGuard no_grad;  // the encoder is frozen
  std::vector<torch::jit::IValue> inputs{obs.to(device_)};  //@bug P06A torch-device-mismatch
  return encoder_.forward(inputs).toTensor();  //@bug P06A torch-device-mismatch
}

int64_t PPOAgent::step(const torch::Tensor& obs, RolloutBuffer& rollout) {
  torch::NoGradGuard no_grad;
  auto features = encode(obs.unsqueeze(0));
  auto [logits, value] = policy_->forward(features);
  auto probs = torch::softmax(logits, -1);
  auto action = torch::multinomial(probs, 1).squeeze(-1);
  auto log_prob = torch::log_softmax(logits, -1).gather(-1, action.unsqueeze(-1)).squeeze(-1);
  rollout.add(obs.to(device_), action.squeeze(0), log_prob.squeeze(0), value.squeeze(0));
  return action.item<int64_t>();
}

void PPOAgent::update(RolloutBuffer& rollout) {
  auto observations = rollout.observations();
  auto actions = rollout.actions();
  auto old_log_probs = rollout.log_probs();
  auto old_values = rollout.values();
  auto returns = rollout.discounted_returns(cfg_.gamma).to(device_);  //@bug P06B torch-from-blob-dtype|torch-dtype-mismatch
  auto advantages = normalize(returns - old_values);
  auto features = encode(observations);

  const int64_t n = rollout.size();
  for (int64_t epoch = 0; epoch < cfg_.update_epochs; ++epoch) {
    auto perm = torch::randperm(n, torch::TensorOptions().dtype(torch::kLong).device(device_));
    for (int64_t start = 0; start < n; start += cfg_.minibatch_size) {
      auto idx = perm.slice(0, start, std::min(start + cfg_.minibatch_size, n));
      auto [logits, values] = policy_->forward(features.index_select(0, idx));
      auto log_probs_all = torch::log_softmax(logits, -1);
      auto new_log_probs =
          log_probs_all.gather(-1, actions.index_select(0, idx).unsqueeze(-1)).squeeze(-1);
      auto ratio = torch::exp(new_log_probs - old_log_probs.index_select(0, idx));
      auto adv = advantages.index_select(0, idx);

      auto surrogate = torch::min(
          ratio * adv, torch::clamp(ratio, 1.0 - cfg_.clip_eps, 1.0 + cfg_.clip_eps) * adv);
      auto policy_loss = -surrogate.mean();
      auto value_loss = (returns.index_select(0, idx) - values).pow(2).mean();
      auto entropy = -(log_probs_all.exp() * log_probs_all).sum(-1).mean();

      auto loss = policy_loss + cfg_.value_coef * value_loss - cfg_.entropy_coef * entropy;
      optimizer_->zero_grad();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(policy_->parameters(), 0.5);
      optimizer_->step();
    }
  }
  rollout.clear();
}
