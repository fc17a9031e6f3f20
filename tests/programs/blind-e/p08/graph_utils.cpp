#include <cmath>
#include <vector>

#include "graph_data.h"

torch::Tensor normalized_adjacency(const CitationGraph& g) {
  const int64_t n = g.num_nodes;
  std::vector<double> a(static_cast<size_t>(n * n), 0.0);
  std::vector<double> deg(static_cast<size_t>(n), 0.0);
  for (const auto& e : g.edges) {
    a[static_cast<size_t>(e.first * n + e.second)] = 1.0;
    a[static_cast<size_t>(e.second * n + e.first)] = 1.0;
    deg[static_cast<size_t>(e.first)] += 1.0;
    deg[static_cast<size_t>(e.second)] += 1.0;
  }
  // Hubs with thousands of citations make 1/sqrt(d_i d_j) tiny; keep the
  // normalisation in double.
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double& v = a[static_cast<size_t>(i * n + j)];
      if (v != 0.0) v /= std::sqrt(deg[static_cast<size_t>(i)] * deg[static_cast<size_t>(j)]);
    }
  }
  return torch::from_blob(a.data(), {n, n}, torch::kFloat64).clone();  //@bug P08A torch-dtype-mismatch
}

SplitMasks planetoid_split(const CitationGraph& g, const GcnConfig& cfg) {
  SplitMasks m;
  m.train = torch::zeros({g.num_nodes}, torch::kBool);
  m.val = torch::zeros({g.num_nodes}, torch::kBool);
  auto labels = g.labels.accessor<int64_t, 1>();
  auto tr = m.train.accessor<bool, 1>();
  auto va = m.val.accessor<bool, 1>();
  std::vector<int64_t> taken(static_cast<size_t>(cfg.classes), 0);
  int64_t val_left = cfg.val_nodes;
  for (int64_t i = 0; i < g.num_nodes; ++i) {
    auto& t = taken[static_cast<size_t>(labels[i])];
    if (t < cfg.train_per_class) {
      tr[i] = true;
      ++t;
    } else if (val_left > 0) {
      va[i] = true;
      --val_left;
    }
  }
  m.test = m.train.logical_or(m.val).logical_not();
  return m;
}
