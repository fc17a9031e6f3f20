#include "trainer.h"

#include <algorithm>
#include <iostream>

namespace F = torch::nn::functional;

NerTrainer::NerTrainer(const NerConfig& cfg, int64_t vocab_size,
                       std::vector<std::string> tag_names)
    : cfg_(cfg),
      device_(cfg.device),
      tag_names_(std::move(tag_names)),
      model_(vocab_size, cfg.embed_dim, cfg.hidden,
             static_cast<int64_t>(tag_names_.size())),
      optimizer_((model_->to(device_), model_->parameters()),
                 torch::optim::AdamOptions(cfg.lr)) {
  class_weights_ = tag_weights().to(device_);
  loss_scale_ = torch::scalar_tensor(cfg.loss_scale, torch::kFloat64);
}

torch::Tensor NerTrainer::tag_weights() const {
  std::vector<float> w(tag_names_.size(), 1.f);
  for (size_t i = 0; i < tag_names_.size(); ++i) {
    if (tag_names_[i] == "O") w[i] = static_cast<float>(cfg_.outside_weight);
  }
  return torch::tensor(w);
}

double NerTrainer::train_epoch(const ConllCorpus& data) {
  model_->train();
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    TaggedBatch b = data.batch(s, std::min(data.size(), s + bs)).to(device_);
    auto emissions = model_->forward(b.tokens);            // [B, L, T]
    const int64_t num_tags = emissions.size(2);
    auto per_token = F::cross_entropy(
        emissions.reshape({-1, num_tags}), b.tags.reshape(-1),
        F::CrossEntropyFuncOptions()
            .weight(class_weights_)
            .ignore_index(cfg_.ignore_index)
            .reduction(torch::kNone));
    // 0-dim host Double scale on a 1-D device Float tensor: stays Float.
    auto scaled = per_token * loss_scale_;
    auto loss = scaled.sum() / b.mask.sum().clamp_min(1);
    optimizer_.zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 5.0);
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

double NerTrainer::evaluate(const ConllCorpus& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  SpanCounts all;
  int64_t correct = 0, counted = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    TaggedBatch host = data.batch(s, std::min(data.size(), s + bs));
    auto pred = model_->forward(host.tokens.to(device_)).argmax(2);  // [B, L] on device
    // Token accuracy: a host Bool mask selects device predictions.
    auto real = host.tags.ne(cfg_.ignore_index);
    auto picked = pred.index({real});
    correct += picked.eq(host.tags.index({real}).to(device_)).sum().item<int64_t>();
    counted += real.sum().item<int64_t>();

    SpanCounts c = count_spans(pred.cpu(), host.tags, host.lengths, tag_names_);
    all.tp += c.tp, all.fp += c.fp, all.fn += c.fn;
  }
  if (counted > 0) std::cout << "token accuracy " << static_cast<double>(correct) / counted << "\n";
  return span_f1(all);
}
