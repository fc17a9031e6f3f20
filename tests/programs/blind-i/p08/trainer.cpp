#include "trainer.h"

#include <algorithm>
#include <numeric>

#include "losses.h"

Trainer::Trainer(const Config& cfg, DeepSets tagger)
    : cfg_(cfg), device_(pick_device()), tagger_(std::move(tagger)), rng_(cfg.seed) {
  tagger_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(tagger_->parameters(),
                                                    torch::optim::AdamOptions(cfg_.lr));
  scheduler_ = std::make_unique<torch::optim::StepLR>(*optimizer_, /*step_size=*/10, /*gamma=*/0.3);
}

double Trainer::train_epoch(const std::vector<Jet>& jets) {
  tagger_->train();
  std::vector<int64_t> order(jets.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng_);
  double total = 0.0;
  int64_t steps = 0;
  const auto n = static_cast<int64_t>(jets.size());
  for (int64_t b = 0; b < n; b += cfg_.batch_size) {
    JetBatch batch = make_batch(jets, order, b, std::min(n, b + cfg_.batch_size), cfg_.max_particles)
                         .to(device_);
    auto loss = tagging_loss(tagger_->forward(batch.particles, batch.mask), batch.labels);  //@bug P08A torch-dtype-mismatch
    optimizer_->zero_grad();
    loss.backward();
    optimizer_->step();
    total += loss.item<double>();
    ++steps;
  }
  scheduler_->step();
  return total / static_cast<double>(std::max<int64_t>(steps, 1));
}

EvalStats Trainer::evaluate(const std::vector<Jet>& jets) {
  tagger_->eval();
  torch::NoGradGuard no_grad;
  std::vector<int64_t> order(jets.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<torch::Tensor> probs, labels;
  EvalStats st;
  const auto n = static_cast<int64_t>(jets.size());
  for (int64_t b = 0; b < n; b += cfg_.batch_size) {
    JetBatch batch = make_batch(jets, order, b, std::min(n, b + cfg_.batch_size), cfg_.max_particles)
                         .to(device_);
    auto logits = tagger_->forward(batch.particles, batch.mask);
    st.loss += tagging_loss(logits, batch.labels).item<double>() * static_cast<double>(batch.labels.size(0));
    probs.push_back(torch::softmax(logits, 1).cpu());
    labels.push_back(batch.labels.cpu());
  }
  auto p = torch::cat(probs);
  auto y = torch::cat(labels);
  st.loss /= static_cast<double>(std::max<int64_t>(n, 1));
  st.accuracy = p.argmax(1).eq(y).to(torch::kFloat64).mean().item<double>();
  auto top_scores = p.select(1, 2).contiguous(), w_scores = p.select(1, 1).contiguous();
  st.top_rejection = background_rejection(top_scores, y, /*signal_class=*/2, 0.5);
  st.w_rejection = background_rejection(w_scores, y, /*signal_class=*/1, 0.5);
  return st;
}
