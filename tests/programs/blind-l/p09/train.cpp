#include <algorithm>

#include "model.h"

double train_epoch(SentimentNet& model, torch::optim::Optimizer& optimizer,
                   const std::vector<Review>& reviews, const Vocab& vocab, const TrainConfig& cfg) {
  model->train();
  double total = 0.0;
  int64_t batches = 0;
  for (size_t begin = 0; begin < reviews.size(); begin += cfg.batch_size) {
    const size_t end = std::min(reviews.size(), begin + cfg.batch_size);
    EncodedBatch batch = encode(reviews, begin, end, vocab);
    auto labels = batch.labels.to(cfg.device);
    auto log_probs = model->forward(batch.tokens.to(cfg.device), batch.offsets);
    auto loss = torch::nll_loss(log_probs, labels);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    total += loss.item<double>();
    ++batches;
  }
  return total / std::max<int64_t>(batches, 1);
}

double accuracy(SentimentNet& model, const std::vector<Review>& reviews, const Vocab& vocab,
                const TrainConfig& cfg) {
  torch::NoGradGuard no_grad;
  model->eval();
  EncodedBatch batch = encode(reviews, 0, reviews.size(), vocab);
  auto log_probs = model->forward(batch.tokens.to(cfg.device), batch.offsets.to(cfg.device));
  auto pred = log_probs.argmax(1).cpu();
  return pred.eq(batch.labels).to(torch::kFloat).mean().item<double>();
}
