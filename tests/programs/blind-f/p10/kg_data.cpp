#include "kg_data.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

int64_t KnowledgeGraph::id_of(std::unordered_map<std::string, int64_t>& table,
                              const std::string& key, bool grow, bool entity) {
  auto it = table.find(key);
  if (it != table.end()) return it->second;
  if (!grow) return -1;
  const auto id = static_cast<int64_t>(table.size());
  table.emplace(key, id);
  if (entity) names_.push_back(key);
  return id;
}

void KnowledgeGraph::load(const std::string& path, bool grow) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  flat_.clear();
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream cols(line);
    std::string h, r, t;
    if (!std::getline(cols, h, '\t') || !std::getline(cols, r, '\t') || !std::getline(cols, t)) continue;
    const int64_t hi = id_of(entities_, h, grow, true);
    const int64_t ri = id_of(relations_, r, grow, false);
    const int64_t ti = id_of(entities_, t, grow, true);
    if (hi < 0 || ri < 0 || ti < 0) continue;  // unseen in training: skipped
    flat_.insert(flat_.end(), {hi, ri, ti});
    all_.insert(all_.end(), {hi, ri, ti});
  }
}

torch::Tensor KnowledgeGraph::triples() const {
  const auto n = static_cast<int64_t>(flat_.size() / 3);
  return torch::from_blob(const_cast<int64_t*>(flat_.data()), {n, 3}, torch::kInt64).clone();
}

torch::Tensor KnowledgeGraph::head_corruption_prob() const {
  // Per relation: distinct (head -> tails) and (tail -> heads) fan-outs.
  std::vector<std::map<int64_t, std::set<int64_t>>> tails_of(static_cast<size_t>(num_relations()));
  std::vector<std::map<int64_t, std::set<int64_t>>> heads_of(static_cast<size_t>(num_relations()));
  for (size_t i = 0; i + 2 < all_.size(); i += 3) {
    tails_of[static_cast<size_t>(all_[i + 1])][all_[i]].insert(all_[i + 2]);
    heads_of[static_cast<size_t>(all_[i + 1])][all_[i + 2]].insert(all_[i]);
  }
  std::vector<double> prob(static_cast<size_t>(num_relations()), 0.5);
  for (size_t r = 0; r < prob.size(); ++r) {
    double tph = 0.0, hpt = 0.0;
    for (const auto& kv : tails_of[r]) tph += static_cast<double>(kv.second.size());
    for (const auto& kv : heads_of[r]) hpt += static_cast<double>(kv.second.size());
    if (!tails_of[r].empty()) tph /= static_cast<double>(tails_of[r].size());
    if (!heads_of[r].empty()) hpt /= static_cast<double>(heads_of[r].size());
    if (tph + hpt > 0.0) prob[r] = tph / (tph + hpt);
  }
  return torch::tensor(prob);  // std::vector<double> -> default dtype (Float)
}

torch::Tensor KnowledgeGraph::degrees() const {
  std::vector<int32_t> deg(static_cast<size_t>(num_entities()), 0);
  for (size_t i = 0; i + 2 < all_.size(); i += 3) {
    ++deg[static_cast<size_t>(all_[i])];
    ++deg[static_cast<size_t>(all_[i + 2])];
  }
  return torch::tensor(deg);  // integer vectors become Long
}
