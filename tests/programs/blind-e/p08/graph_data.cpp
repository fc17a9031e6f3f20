#include "graph_data.h"

#include <random>

CitationGraph load_citation_graph(const GcnConfig& cfg) {
  // Synthetic stand-in for the Planetoid loader: a stochastic block model
  // with class-dependent word distributions.
  std::mt19937_64 rng(cfg.seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  CitationGraph g;
  g.num_nodes = cfg.nodes;
  std::vector<int64_t> labels(static_cast<size_t>(cfg.nodes));
  for (int64_t i = 0; i < cfg.nodes; ++i) labels[static_cast<size_t>(i)] = i % cfg.classes;
  for (int64_t i = 0; i < cfg.nodes; ++i) {
    for (int64_t j = i + 1; j < cfg.nodes; ++j) {
      const bool same = labels[static_cast<size_t>(i)] == labels[static_cast<size_t>(j)];
      if (u(rng) < (same ? 0.02 : 0.002)) g.edges.emplace_back(i, j);
    }
  }
  std::vector<float> feats(static_cast<size_t>(cfg.nodes * cfg.features), 0.f);
  for (int64_t i = 0; i < cfg.nodes; ++i) {
    float row = 0.f;
    for (int64_t k = 0; k < cfg.features; ++k) {
      const bool topical = k % cfg.classes == labels[static_cast<size_t>(i)];
      const float w = u(rng) < (topical ? 0.3 : 0.05) ? 1.f : 0.f;
      feats[static_cast<size_t>(i * cfg.features + k)] = w;
      row += w;
    }
    for (int64_t k = 0; k < cfg.features && row > 0.f; ++k) {
      feats[static_cast<size_t>(i * cfg.features + k)] /= row;
    }
  }
  g.features = torch::from_blob(feats.data(), {cfg.nodes, cfg.features},
                                torch::kFloat32)
                   .clone();
  g.labels = torch::tensor(labels);
  return g;
}
