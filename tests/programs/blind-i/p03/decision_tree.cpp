#include "decision_tree.h"

DecisionTree::DecisionTree()
    : questions_{{"smooth, features or disk, star or artifact", 0, 3, -1},
                 {"edge-on disk", 3, 2, 1},
                 {"bar", 5, 2, 4},
                 {"spiral arms", 7, 2, 4},
                 {"bulge prominence", 9, 4, 4},
                 {"anything odd", 13, 2, -1},
                 {"how rounded", 15, 3, 0},
                 {"odd feature", 18, 7, 13},
                 {"edge-on bulge shape", 25, 3, 3},
                 {"arm winding", 28, 3, 7},
                 {"number of arms", 31, 6, 7}} {}

torch::Tensor DecisionTree::conditional(const torch::Tensor& logits) const {
  std::vector<torch::Tensor> parts;
  parts.reserve(questions_.size());
  for (const auto& q : questions_)
    parts.push_back(torch::softmax(logits.slice(1, q.first, q.first + q.count), 1));
  return torch::cat(parts, 1);
}

torch::Tensor DecisionTree::cumulative(const torch::Tensor& conditional) const {
  // Rare branches (rings, mergers, loose four-armed spirals) end up with
  // fractions of 1e-4 or less after four questions: multiply them in double.
  auto cond = conditional.to(torch::kFloat64);  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
  auto cum = torch::empty_like(cond);
  // Parents always come before their children in the answer order.
  for (const auto& q : questions_) {
    auto own = cond.slice(1, q.first, q.first + q.count);
    auto reached = q.parent < 0 ? torch::ones({cond.size(0), 1}, cond.options())
                                : cum.slice(1, q.parent, q.parent + 1);
    cum.slice(1, q.first, q.first + q.count).copy_(own * reached);
  }
  return cum;  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
}

std::string DecisionTree::label(const torch::Tensor& votes) const {
  auto v = votes.accessor<double, 1>();
  if (v[2] > 0.5) return "artifact";
  if (v[18 + 5] > 0.4) return "merger";
  if (v[0] > 0.7) {
    const int64_t shape = v[15] >= v[16] && v[15] >= v[17] ? 0 : (v[16] >= v[17] ? 1 : 2);
    static const char* round[] = {"E0", "E3", "E6"};
    return round[shape];
  }
  if (v[3] > 0.6) return "edge-on";
  if (v[7] > 0.5) return v[5] > 0.4 ? "SB" : "S";
  if (v[1] > 0.5) return "disk";
  return "uncertain";
}
