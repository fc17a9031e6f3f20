#include "trainer.h"

#include <algorithm>
#include <numeric>
#include <random>

PickerTrainer::PickerTrainer(const PickerConfig& cfg, const WaveformSet& train)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(cfg.lr).weight_decay(1e-2)) {
  model_->to(device_);
  class_weights_ = inverse_frequency_weights(train.arrivals_per_class()).to(device_);
  smoothing_ = torch::scalar_tensor(cfg.label_smoothing, torch::kFloat64);
}

double PickerTrainer::train_epoch(const WaveformSet& data, int64_t epoch) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(1000 + epoch)));
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  double total = 0.0;
  int64_t steps = 0;
  for (size_t s = 0; s < order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + std::min(order.size(), s + bs));
    TraceBatch b = data.batch(idx).to(device_);
    auto x = normalise_traces(b.waveforms);
    // Random polarity flip per trace, drawn where the batch lives.
    auto sign = torch::randint(0, 2, {x.size(0), 1, 1}, x.options()).mul(2).sub(1);
    x = x * sign;

    optimizer_.zero_grad();
    auto logits = model_->forward(x);
    auto loss = weighted_soft_ce(logits, smooth_labels(b.targets, smoothing_), class_weights_);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 5.0);
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

PickStats PickerTrainer::evaluate(const WaveformSet& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  PickStats stats;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    std::vector<size_t> idx(std::min(bs, data.size() - s));
    std::iota(idx.begin(), idx.end(), s);
    TraceBatch host = data.batch(idx);
    auto logits = model_->forward(normalise_traces(host.waveforms.to(device_)));
    auto probs = torch::softmax(logits, 1).cpu();
    count_picks(probs, host.p_index, host.s_index, cfg_.pick_threshold, cfg_.tolerance, stats);
  }
  return stats;
}

void PickerTrainer::save() const { torch::save(model_, cfg_.checkpoint); }
