#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Draws training examples so that language l is picked with probability
// proportional to count_l^power (power < 1 flattens the ticket mix).
class BalancedSampler {
 public:
  BalancedSampler(const std::vector<int32_t>& labels, int64_t languages, double power);
  std::vector<size_t> draw(int64_t n) const;

 private:
  torch::Tensor weights_;  // [N] per-example weight
};

// log of the languages' share of the training tickets, [languages].
torch::Tensor language_log_prior(const std::vector<int32_t>& labels, int64_t languages);
