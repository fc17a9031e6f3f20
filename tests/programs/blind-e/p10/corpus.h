#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

// Tokenised corpus of maintenance-ticket text for a CPU-only word2vec job
// that runs nightly on the ticketing server (no GPU there).
class Corpus {
 public:
  Corpus(const std::vector<std::string>& lines, int64_t min_count);

  int64_t vocab_size() const { return static_cast<int64_t>(words_.size()); }
  const std::string& word(int64_t id) const { return words_[static_cast<size_t>(id)]; }
  int64_t id(const std::string& w) const;
  const std::vector<int64_t>& counts() const { return counts_; }

  // Skip-gram (center, context) pairs with a dynamic window, as two [P] Long
  // tensors.
  std::pair<torch::Tensor, torch::Tensor> skipgram_pairs(int64_t window,
                                                         uint64_t seed) const;

 private:
  std::vector<std::string> words_;
  std::vector<int64_t> counts_;
  std::unordered_map<std::string, int64_t> index_;
  std::vector<std::vector<int64_t>> sentences_;
};
