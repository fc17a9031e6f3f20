#include "trainer.h"

#include <algorithm>
#include <numeric>
#include <random>

ReaderTrainer::ReaderTrainer(const QaConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(cfg.lr).weight_decay(0.01)) {
  model_->to(device_);
}

double ReaderTrainer::lr_at(int64_t step) const {
  if (step < cfg_.warmup_steps) return cfg_.lr * static_cast<double>(step + 1) / cfg_.warmup_steps;
  return cfg_.lr * std::max(0.0, static_cast<double>(total_steps_ - step) /
                                     std::max<int64_t>(1, total_steps_ - cfg_.warmup_steps));
}

double ReaderTrainer::train_epoch(const QaFeatures& data, int64_t epoch) {
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  total_steps_ = cfg_.epochs * static_cast<int64_t>((data.size() + bs - 1) / bs);
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(epoch * 7919)));
  double total = 0.0;
  int64_t n = 0;
  for (size_t s = 0; s < order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + std::min(order.size(), s + bs));
    QaBatch b = data.batch(idx).to(device_);
    for (auto& group : optimizer_.param_groups())
      static_cast<torch::optim::AdamWOptions&>(group.options()).lr(lr_at(step_));
    optimizer_.zero_grad();
    auto logits = model_->forward(b.input_ids, b.segment_ids, b.attention_mask);
    auto loss = span_loss(logits.first, logits.second, b.start, b.end);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
    optimizer_.step();
    ++step_;
    total += loss.item<double>();
    ++n;
  }
  return n ? total / static_cast<double>(n) : 0.0;
}

SpanScores ReaderTrainer::evaluate(const QaFeatures& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  SpanScores scores;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    std::vector<size_t> idx(std::min(bs, data.size() - s));
    std::iota(idx.begin(), idx.end(), s);
    QaBatch host = data.batch(idx);
    QaBatch b = host.to(device_);
    auto logits = model_->forward(b.input_ids, b.segment_ids, b.attention_mask);
    score_spans(logits.first.cpu(), logits.second.cpu(), host.start, host.end, scores);
  }
  return scores;
}

void ReaderTrainer::save() const { torch::save(model_, cfg_.checkpoint); }
