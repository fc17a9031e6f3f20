#include "trainer.h"

#include <algorithm>
#include <numeric>

#include "objectives.h"

Trainer::Trainer(const Config& cfg, const std::vector<Sketch>& train, int64_t num_classes)
    : cfg_(cfg), device_(select_device(cfg.device)), rng_(cfg.seed) {
  model_ = build_sketch_net(cfg_, num_classes, delta_scale(train));
  model_->to(device_);
  class_weights_ = class_weights(train, num_classes).to(device_, torch::kFloat32);
  optimizer_ = std::make_unique<torch::optim::AdamW>(
      model_->parameters(), torch::optim::AdamWOptions(cfg_.lr).weight_decay(cfg_.weight_decay));
}

EpochStats Trainer::train_epoch(const std::vector<Sketch>& data) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng_);
  EpochStats st;
  int64_t steps = 0, seen = 0;
  for (size_t b = 0; b < order.size(); b += static_cast<size_t>(cfg_.batch_size)) {
    const size_t e = std::min(order.size(), b + static_cast<size_t>(cfg_.batch_size));
    SketchBatch batch = make_batch(data, order, b, e).to(device_);
    // Augmentation: stretch each drawing by up to 15 % along x and y.
    auto stretch = torch::empty({batch.points.size(0), 1, 3}, batch.points.options()).uniform_(0.85, 1.15);
    stretch.select(2, 2).fill_(1.0);
    auto logits = model_->forward(batch.points * stretch, batch.lengths);
    auto loss = smoothed_cross_entropy(logits, batch.labels, class_weights_, cfg_.label_smoothing);
    optimizer_->zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
    optimizer_->step();
    st.loss += loss.item<double>();
    st.top1 += static_cast<double>(top_k_hits(logits.detach(), batch.labels, 1));
    seen += static_cast<int64_t>(e - b);
    ++steps;
  }
  st.loss /= static_cast<double>(std::max<int64_t>(steps, 1));
  st.top1 /= static_cast<double>(std::max<int64_t>(seen, 1));
  return st;
}

EpochStats Trainer::evaluate(const std::vector<Sketch>& data) {
  model_->eval();
  torch::NoGradGuard no_grad;
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  EpochStats st;
  int64_t steps = 0;
  for (size_t b = 0; b < order.size(); b += static_cast<size_t>(cfg_.batch_size)) {
    const size_t e = std::min(order.size(), b + static_cast<size_t>(cfg_.batch_size));
    SketchBatch batch = make_batch(data, order, b, e).to(device_);
    auto logits = model_->forward(batch.points, batch.lengths);
    st.loss += smoothed_cross_entropy(logits, batch.labels, class_weights_, 0.0).item<double>();
    st.top1 += static_cast<double>(top_k_hits(logits, batch.labels, 1));
    st.top3 += static_cast<double>(top_k_hits(logits, batch.labels, 3));
    ++steps;
  }
  const double n = static_cast<double>(std::max<size_t>(data.size(), 1));
  st.loss /= static_cast<double>(std::max<int64_t>(steps, 1));
  st.top1 /= n;
  st.top3 /= n;
  return st;
}
