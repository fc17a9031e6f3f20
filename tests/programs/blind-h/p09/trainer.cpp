#include "trainer.h"

#include <algorithm>
#include <numeric>
#include <random>

G2pTrainer::G2pTrainer(const G2pConfig& cfg, int64_t letters, int64_t phones)
    : cfg_(cfg), device_(cfg.device), model_(cfg, letters, phones),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  model_->to(device_);
}

double G2pTrainer::train_epoch(const Lexicon& data, int64_t epoch) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(epoch)));
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  double total = 0.0;
  int64_t steps = 0;
  for (size_t s = 0; s < order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + std::min(order.size(), s + bs));
    PronBatch b = data.batch(idx);
    auto letters = b.graphemes.to(device_);
    auto dec_in = b.dec_in.to(device_);
    auto targets = b.targets.to(device_);
    auto mask = length_mask(b.target_lengths, targets.size(1));  //@bug P09A torch-device-mismatch

    optimizer_.zero_grad();
    auto log_probs = model_->forward(letters, dec_in);
    auto token_losses = token_nll(log_probs, targets);  //@bug P09B torch-loss-target-dtype|torch-dtype-mismatch
    auto loss = word_mean(token_losses, mask);  //@bug P09A torch-device-mismatch
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

DevScores G2pTrainer::evaluate(const Lexicon& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  int64_t errors = 0, phones = 0, wrong_words = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    std::vector<size_t> idx(std::min(bs, data.size() - s));
    std::iota(idx.begin(), idx.end(), s);
    PronBatch b = data.batch(idx);
    auto hyp = model_->greedy(b.graphemes.to(device_), cfg_.max_pron_len).cpu();
    auto h = hyp.accessor<int64_t, 2>();
    for (int64_t i = 0; i < h.size(0); ++i) {
      std::vector<int64_t> seq;
      for (int64_t t = 0; t < h.size(1) && h[i][t] != kEos; ++t) seq.push_back(h[i][t]);
      const auto& ref = data.pron(idx[static_cast<size_t>(i)]);
      const int64_t d = edit_distance(seq, ref);
      errors += d;
      phones += static_cast<int64_t>(ref.size());
      wrong_words += d > 0;
    }
  }
  return DevScores{phones ? static_cast<double>(errors) / phones : 0.0,
                   data.size() ? static_cast<double>(wrong_words) / data.size() : 0.0};
}

void G2pTrainer::save() const { torch::save(model_, cfg_.checkpoint); }
