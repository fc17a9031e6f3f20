#include "trainer.h"

SensorTrainer::SensorTrainer(const Config& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.channels, cfg.classes),
      opt_(model_->parameters(), torch::optim::SGDOptions(0.05)),
      class_prior_(torch::full({cfg.classes}, 1.0 / static_cast<double>(cfg.classes))) {
  model_->to(device_);
}

torch::Tensor SensorTrainer::to_batch(std::vector<float>& samples) const {
  const int64_t per = cfg_.channels * cfg_.window;
  const int64_t n = static_cast<int64_t>(samples.size()) / per;
  return torch::from_blob(samples.data(), {n, cfg_.channels, cfg_.window}, torch::kFloat).clone();
}

double SensorTrainer::epoch(const std::vector<float>& samples, const std::vector<int32_t>& labels) {
  std::vector<float> buf(samples);
  std::vector<int32_t> lab(labels);
  auto x = to_batch(buf).to(device_);
  auto y = torch::from_blob(lab.data(), {static_cast<int64_t>(lab.size())}, torch::kInt32).to(torch::kLong);
  auto log_probs = model_->forward(x) + torch::log(class_prior_);
  auto loss = torch::nll_loss(log_probs, y);
  opt_.zero_grad();
  loss.backward();
  opt_.step();
  return loss.item<double>();
}

std::vector<float> SensorTrainer::confidences(const std::vector<float>& samples) {
  torch::NoGradGuard no_grad;
  std::vector<float> buf(samples);
  auto probs = model_->forward(to_batch(buf)).exp().amax(1).contiguous();
  const float* p = probs.data_ptr<float>();
  return std::vector<float>(p, p + probs.numel());
}
