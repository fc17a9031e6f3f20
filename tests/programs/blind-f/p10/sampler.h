#pragma once

#include <torch/torch.h>

#include <cstdint>

// Bernoulli negative sampling: replace the head with probability
// p(relation), else the tail, by a uniformly drawn entity.
class NegativeSampler {
 public:
  NegativeSampler(torch::Tensor head_prob, int64_t num_entities)
      : head_prob_(std::move(head_prob)), num_entities_(num_entities) {}

  // positives: [B, 3] Long -> negatives [B * k, 3] Long
  torch::Tensor corrupt(const torch::Tensor& positives, int64_t k) const;

 private:
  torch::Tensor head_prob_;  // [num_relations] Float
  int64_t num_entities_;
};
