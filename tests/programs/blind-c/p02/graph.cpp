#include "graph.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

torch::Tensor normalized_adjacency(
    int64_t num_nodes, const std::vector<std::pair<int64_t, int64_t>>& edges) {
  // Accumulate in double precision: degrees of hub nodes reach the thousands
  // and the rsqrt of large sums loses digits in float.
  auto adj = torch::zeros({num_nodes, num_nodes}, torch::dtype(torch::kFloat64));  //@bug P02A torch-dtype-mismatch
  auto a = adj.accessor<double, 2>();
  for (const auto& e : edges) {
    a[e.first][e.second] = 1.0;
    a[e.second][e.first] = 1.0;
  }
  adj += torch::eye(num_nodes, torch::dtype(torch::kFloat64));
  auto deg = adj.sum(1);
  auto d_inv_sqrt = deg.pow(-0.5);
  d_inv_sqrt.masked_fill_(torch::isinf(d_inv_sqrt), 0.0);
  return d_inv_sqrt.unsqueeze(1) * adj * d_inv_sqrt.unsqueeze(0);  //@bug P02A torch-dtype-mismatch
}

GraphData load_citation_graph(const GcnOptions& opts) {
  std::ifstream content(opts.feature_file);
  std::map<std::string, int64_t> node_index;
  std::map<std::string, int64_t> class_index;
  std::vector<std::vector<float>> rows;
  std::vector<int64_t> labels;

  std::string line;
  while (std::getline(content, line)) {
    std::istringstream ss(line);
    std::string paper;
    ss >> paper;
    std::vector<float> feats;
    std::string tok;
    std::vector<std::string> toks;
    while (ss >> tok) toks.push_back(tok);
    if (toks.empty()) continue;
    for (size_t i = 0; i + 1 < toks.size(); ++i) {
      feats.push_back(std::stof(toks[i]));
    }
    const std::string& cls = toks.back();
    if (!class_index.count(cls)) {
      const int64_t next = static_cast<int64_t>(class_index.size());
      class_index[cls] = next;
    }
    node_index[paper] = static_cast<int64_t>(rows.size());
    rows.push_back(std::move(feats));
    labels.push_back(class_index[cls]);
  }

  const int64_t n = static_cast<int64_t>(rows.size());
  const int64_t f = n > 0 ? static_cast<int64_t>(rows[0].size()) : 0;
  auto x = torch::empty({n, f}, torch::kFloat);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = torch::tensor(rows[i]);
  }
  // row-normalise bag-of-words features
  x = x / x.sum(1, /*keepdim=*/true).clamp_min(1.0);

  std::ifstream cites(opts.edge_file);
  std::vector<std::pair<int64_t, int64_t>> edges;
  std::string src, dst;
  while (cites >> src >> dst) {
    auto s = node_index.find(src);
    auto d = node_index.find(dst);
    if (s != node_index.end() && d != node_index.end()) {
      edges.emplace_back(s->second, d->second);
    }
  }

  GraphData g;
  g.features = x;
  // class ids are tiny: keep them compact next to the dense features
  g.labels = torch::tensor(labels).to(torch::kInt32);  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
  g.adj_norm = normalized_adjacency(n, edges);  //@bug P02A torch-dtype-mismatch
  g.num_classes = static_cast<int64_t>(class_index.size());

  // Planetoid-style split: a few labelled nodes per class.
  std::mt19937 rng(opts.seed);
  std::vector<int64_t> order(n);
  for (int64_t i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int64_t> per_class(g.num_classes, 0);
  std::vector<int64_t> train, rest;
  for (int64_t id : order) {
    if (per_class[labels[id]] < opts.train_per_class) {
      ++per_class[labels[id]];
      train.push_back(id);
    } else {
      rest.push_back(id);
    }
  }
  const auto n_val = std::min<int64_t>(opts.num_val, rest.size());
  std::vector<int64_t> val(rest.begin(), rest.begin() + n_val);
  std::vector<int64_t> test(rest.begin() + n_val, rest.end());
  g.train_idx = torch::tensor(train);
  g.val_idx = torch::tensor(val);
  g.test_idx = torch::tensor(test);
  return g;
}
