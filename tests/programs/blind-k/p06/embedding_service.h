// Sentence-embedding service around a scripted encoder kept in double
// precision, so that near-duplicate detection by cosine similarity is stable.
#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

class EmbeddingService {
 public:
  EmbeddingService(const std::string& path, int64_t dim);

  torch::Tensor embed(const std::vector<float>& bag_of_words);
  double similarity(const std::vector<float>& a, const std::vector<float>& b);

 private:
  torch::jit::script::Module encoder_;
  int64_t dim_;
};
