#include "credit.h"

Trainer::Trainer(ScorecardNet model, const TrainConfig& cfg, const torch::Tensor& pos_weight)
    : model_(std::move(model)),
      cfg_(cfg),
      criterion_(torch::nn::BCEWithLogitsLossOptions().pos_weight(pos_weight)) {
  model_->to(cfg_.device);
  optimizer_ = std::make_unique<torch::optim::Adam>(model_->parameters(),
                                                    torch::optim::AdamOptions(cfg_.lr));
}

double Trainer::train_epoch(const Split& train) {
  model_->train();
  const int64_t n = train.features.size(0);
  auto order = torch::randperm(n);
  double total = 0.0;
  for (int64_t begin = 0; begin < n; begin += cfg_.batch_size) {
    auto idx = order.slice(0, begin, std::min(n, begin + cfg_.batch_size));
    auto x = train.features.index_select(0, idx).to(cfg_.device);
    auto y = train.labels.index_select(0, idx).to(cfg_.device, torch::kFloat);
    auto loss = criterion_(model_->forward(x), y);
    optimizer_->zero_grad();
    loss.backward();
    optimizer_->step();
    total += loss.item<double>() * idx.size(0);
  }
  return total / static_cast<double>(n);
}

double Trainer::evaluate(const Split& valid) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto probs = torch::sigmoid(model_->forward(valid.features.to(cfg_.device)));
  auto targets = valid.labels.to(cfg_.device);
  auto loss = torch::binary_cross_entropy(probs, targets);
  return loss.item<double>();
}
