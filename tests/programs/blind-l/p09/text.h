#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

struct Review {
  std::string text;
  int stars = 3;  // 1..5
};

class Vocab {
 public:
  static Vocab build(const std::vector<Review>& reviews, int64_t min_count);
  int64_t id(const std::string& word) const;
  int64_t size() const { return static_cast<int64_t>(words_.size()); }

 private:
  std::unordered_map<std::string, int64_t> index_;
  std::vector<std::string> words_;
};

struct EncodedBatch {
  torch::Tensor tokens;   // [total tokens] word ids of all reviews, concatenated
  torch::Tensor offsets;  // [B] start of each review in tokens
  torch::Tensor labels;   // [B] 0 = negative, 1 = neutral, 2 = positive
};

std::vector<std::string> tokenize(const std::string& text);
std::vector<Review> synthetic_reviews(int64_t n, uint64_t seed);
EncodedBatch encode(const std::vector<Review>& reviews, size_t begin, size_t end, const Vocab& vocab);
