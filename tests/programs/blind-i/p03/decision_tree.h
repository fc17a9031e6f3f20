#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// The Galaxy Zoo 2 decision tree: 11 questions, 37 answers. A question is
// only asked after a given answer to an earlier one (its parent answer).
struct Question {
  const char* text;
  int64_t first;   // index of its first answer in the 37
  int64_t count;   // number of answers
  int64_t parent;  // answer that leads to it, -1 for questions everyone is asked
};

class DecisionTree {
 public:
  DecisionTree();

  // Per-question softmax of the network's logits: conditional vote fractions [N, 37].
  torch::Tensor conditional(const torch::Tensor& logits) const;
  // Fraction of all volunteers giving each answer: the conditional fraction
  // times the cumulative fraction of the parent answer, down the tree. [N, 37]
  torch::Tensor cumulative(const torch::Tensor& conditional) const;
  // Coarse class for the catalogue from one galaxy's cumulative fractions.
  std::string label(const torch::Tensor& votes) const;

  const std::vector<Question>& questions() const { return questions_; }

 private:
  std::vector<Question> questions_;
};
