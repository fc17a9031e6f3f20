#include "trainer.h"

#include <algorithm>
#include <numeric>
#include <random>

HarTrainer::HarTrainer(const HarConfig& cfg, const HarDataset& train)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.channels, cfg.num_classes),
      optimizer_((model_->to(device_), model_->parameters()),
                 torch::optim::AdamOptions(cfg.lr).weight_decay(1e-4)) {
  class_weights_ =
      class_balanced_weights(train.class_counts(cfg.num_classes), cfg.cb_beta)
          .to(device_);
  stats_ = channel_stats(train);  //@bug P06B torch-device-mismatch
}

torch::Tensor HarTrainer::normalise(const torch::Tensor& signals) const {
  return (signals.to(device_) - stats_.mean) / stats_.stdv;  //@bug P06B torch-device-mismatch
}

double HarTrainer::train_epoch(const HarDataset& data, int64_t epoch) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(epoch)));
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + std::min(order.size(), s + bs));
    WindowBatch b = data.batch(idx);
    auto x = normalise(b.signals);
    auto gain = torch::empty({x.size(0), 1, 1}, x.options()).uniform_(0.9, 1.1);
    x = x * gain + 0.01 * torch::randn_like(x);
    auto y = b.labels.to(device_);

    optimizer_.zero_grad();
    auto logits = model_->forward(x);
    auto loss = class_balanced_nll(logits, y, class_weights_);  //@bug P06A torch-loss-target-dtype|torch-dtype-mismatch
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

double HarTrainer::evaluate(const HarDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  std::vector<torch::Tensor> preds, targets;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    std::vector<size_t> idx;
    for (size_t i = s; i < std::min(data.size(), s + bs); ++i) idx.push_back(i);
    WindowBatch b = data.batch(idx);
    preds.push_back(model_->forward(normalise(b.signals)).argmax(1).cpu());
    targets.push_back(b.labels);
  }
  return macro_f1(torch::cat(preds), torch::cat(targets), cfg_.num_classes);
}

void HarTrainer::save() const {
  torch::save(model_, cfg_.checkpoint);
}
