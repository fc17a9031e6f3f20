#include "trainer.h"

#include <algorithm>
#include <fstream>

namespace F = torch::nn::functional;

KgTrainer::KgTrainer(const KgConfig& cfg, const KnowledgeGraph& kg)
    : cfg_(cfg),
      model_(kg.num_entities(), kg.num_relations(), cfg.dim),
      optimizer_(model_->parameters(), torch::optim::SGDOptions(cfg.lr)),
      sampler_(kg.head_corruption_prob(), kg.num_entities()) {
  l2_weight_ = torch::scalar_tensor(cfg.l2, torch::kFloat64);
  std::ifstream probe(cfg_.checkpoint);
  if (probe.good()) torch::load(model_, cfg_.checkpoint);
}

double KgTrainer::train_epoch(const torch::Tensor& triples) {
  model_->train();
  auto order = torch::randperm(triples.size(0));
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t s = 0; s < triples.size(0); s += cfg_.batch_size) {
    auto idx = order.slice(0, s, std::min(triples.size(0), s + cfg_.batch_size));
    auto pos = triples.index_select(0, idx);
    auto neg = sampler_.corrupt(pos, cfg_.negatives);
    auto d_pos = model_->forward(pos).repeat({cfg_.negatives});
    auto d_neg = model_->forward(neg);
    // margin_ranking_loss(x1, x2, y) = max(0, -y (x1 - x2) + margin); y = 1
    // asks for d_neg > d_pos + margin.
    auto ranking = F::margin_ranking_loss(d_neg, d_pos, torch::ones_like(d_pos),
                                          F::MarginRankingLossFuncOptions().margin(cfg_.margin));
    auto h = model_->ent(pos.select(1, 0));
    auto reg = h.pow(2).sum(1) * l2_weight_;  // [B] Float times a 0-dim Double: Float
    auto loss = ranking + reg.mean();
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    model_->renormalise();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

RankMetrics KgTrainer::evaluate(const torch::Tensor& triples, int64_t max_queries) {
  torch::NoGradGuard no_grad;
  model_->eval();
  const int64_t n = std::min(triples.size(0), max_queries);
  auto tr = triples.accessor<int64_t, 2>();
  auto all = model_->ent->weight;  // [E, D]
  RankMetrics m;
  for (int64_t i = 0; i < n; ++i) {
    auto q = model_->ent->weight[tr[i][0]] + model_->rel->weight[tr[i][1]];
    auto dist = (q.unsqueeze(0) - all).abs().sum(1);  // tail prediction
    const float true_d = dist[tr[i][2]].item<float>();
    const int64_t rank = dist.lt(true_d).sum().item<int64_t>() + 1;
    m.mean_rank += static_cast<double>(rank);
    m.hits_at_10 += rank <= 10 ? 1.0 : 0.0;
  }
  if (n > 0) {
    m.mean_rank /= static_cast<double>(n);
    m.hits_at_10 /= static_cast<double>(n);
  }
  return m;
}

void KgTrainer::save() const { torch::save(model_, cfg_.checkpoint); }

void KgTrainer::export_vectors() const {
  auto w = model_->ent->weight.detach().contiguous();
  std::ofstream out(cfg_.vectors_out, std::ios::binary);
  out.write(reinterpret_cast<const char*>(w.data_ptr<float>()),
            static_cast<std::streamsize>(w.numel() * sizeof(float)));
}
