#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Negative sampling from the unigram distribution raised to 3/4.
class NegativeSampler {
 public:
  explicit NegativeSampler(const std::vector<int64_t>& counts, double power = 0.75);
  // [n, k] Long word ids
  torch::Tensor sample(int64_t n, int64_t k) const;
  const torch::Tensor& probs() const { return probs_; }

 private:
  torch::Tensor probs_;  // [V] Float
};
