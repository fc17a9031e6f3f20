#pragma once
#include <torch/torch.h>
#include <random>
#include <utility>
#include <vector>

// Bag-of-token-ids intent dataset. Labels are stored compactly as int32 to save memory.
class IntentDataset {
 public:
  IntentDataset(int64_t n, int64_t seq_len, int64_t vocab, int64_t classes) {
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> label(0, static_cast<int>(classes - 1));
    std::vector<int> raw;
    for (int64_t i = 0; i < n; ++i) raw.push_back(label(rng));
    tokens_ = torch::randint(0, vocab, {n, seq_len});
    labels_ = torch::tensor(raw).to(torch::kInt32);  //@bug P07A torch-loss-target-dtype
  }

  std::pair<torch::Tensor, torch::Tensor> batch(int64_t start, int64_t size) const {
    return {tokens_.narrow(0, start, size), labels_.narrow(0, start, size)};
  }
  int64_t size() const { return tokens_.size(0); }

 private:
  torch::Tensor tokens_;
  torch::Tensor labels_;
};
