#include "trainer.h"

#include <algorithm>
#include <fstream>

namespace F = torch::nn::functional;

W2vTrainer::W2vTrainer(const W2vConfig& cfg, const Corpus& corpus)
    : cfg_(cfg),
      corpus_(corpus),
      sampler_(corpus.counts()),
      model_(corpus.vocab_size(), cfg.dim),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)),
      neg_weight_(torch::tensor(cfg.negative_weight, torch::kFloat64)) {}

void W2vTrainer::resume() {
  // Written by save() of this same CPU job.
  torch::load(model_, cfg_.checkpoint);
}

double W2vTrainer::train_epoch(uint64_t seed) {
  auto pairs = corpus_.skipgram_pairs(cfg_.window, seed);
  const int64_t p = pairs.first.size(0);
  auto perm = torch::randperm(p);
  auto centers = pairs.first.index_select(0, perm);
  auto contexts = pairs.second.index_select(0, perm);
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t s = 0; s < p; s += cfg_.batch_size) {
    const int64_t b = std::min(cfg_.batch_size, p - s);
    auto c = centers.narrow(0, s, b);
    auto o = contexts.narrow(0, s, b);
    auto neg = sampler_.sample(b, cfg_.negatives);
    auto logits = model_->forward(c, o, neg);
    auto pos_loss = F::binary_cross_entropy_with_logits(
        logits.first, torch::ones_like(logits.first));
    auto neg_terms = F::binary_cross_entropy_with_logits(
        logits.second, torch::zeros_like(logits.second),
        F::BinaryCrossEntropyWithLogitsFuncOptions().reduction(torch::kNone));
    auto loss = pos_loss + (neg_terms * neg_weight_).sum(1).mean();  // stays Float
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  torch::save(model_, cfg_.checkpoint);
  return steps ? total / steps : 0.0;
}

std::vector<std::pair<std::string, float>> W2vTrainer::neighbours(
    const std::string& w, int64_t k) {
  torch::NoGradGuard no_grad;
  const int64_t id = corpus_.id(w);
  if (id < 0) return {};
  auto emb = F::normalize(model_->in_embed->weight, F::NormalizeFuncOptions().dim(1));
  auto sims = torch::mv(emb, emb[id]);
  auto best = sims.topk(k + 1);
  auto vals = std::get<0>(best).contiguous();
  auto idx = std::get<1>(best).contiguous();
  const float* v = vals.data_ptr<float>();
  const int64_t* ix = idx.data_ptr<int64_t>();
  std::vector<std::pair<std::string, float>> out;
  for (int64_t i = 0; i < vals.size(0); ++i) {
    if (ix[i] != id) out.emplace_back(corpus_.word(ix[i]), v[i]);
  }
  return out;
}

void W2vTrainer::save_text(const std::string& path) const {
  std::ofstream out(path);
  auto weight = model_->in_embed->weight.detach().contiguous();
  const float* p = weight.data_ptr<float>();
  out << weight.size(0) << " " << weight.size(1) << "\n";
  for (int64_t r = 0; r < weight.size(0); ++r) {
    out << corpus_.word(r);
    for (int64_t d = 0; d < weight.size(1); ++d) out << " " << p[r * weight.size(1) + d];
    out << "\n";
  }
}
