#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

// Product knowledge graph of the parts catalogue ("bolt M8 -- fits --> bracket
// 114"), read from head<TAB>relation<TAB>tail lines. Runs nightly on a CPU box.
class KnowledgeGraph {
 public:
  void load(const std::string& path, bool grow);

  int64_t num_entities() const { return static_cast<int64_t>(entities_.size()); }
  int64_t num_relations() const { return static_cast<int64_t>(relations_.size()); }
  const std::string& entity_name(int64_t id) const { return names_.at(static_cast<size_t>(id)); }

  // [N, 3] Long (head, relation, tail) of the triples loaded last.
  torch::Tensor triples() const;
  // Bernoulli corruption probability per relation: tph / (tph + hpt)
  // (Wang et al. 2014), [num_relations] Float.
  torch::Tensor head_corruption_prob() const;
  // Number of triples each entity takes part in, [num_entities].
  torch::Tensor degrees() const;

 private:
  int64_t id_of(std::unordered_map<std::string, int64_t>& table, const std::string& key,
                bool grow, bool entity);

  std::unordered_map<std::string, int64_t> entities_, relations_;
  std::vector<std::string> names_;
  std::vector<int64_t> flat_;  // last loaded split, [N * 3]
  std::vector<int64_t> all_;   // every split, for the statistics
};
