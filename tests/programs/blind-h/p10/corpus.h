#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "config.h"

struct TextBatch {
  torch::Tensor ngrams;   // [total] Long bucket ids of all texts, concatenated
  torch::Tensor offsets;  // [B] Long start of each text in ngrams
  torch::Tensor labels;   // [B] language ids
};

class Corpus {
 public:
  // languages: filled from the training file, reused for the test file.
  Corpus(const std::string& path, const LangIdConfig& cfg, std::vector<std::string>& languages);

  size_t size() const { return labels_.size(); }
  TextBatch batch(const std::vector<size_t>& idx) const;
  const std::vector<int32_t>& labels() const { return labels_; }

 private:
  std::vector<std::vector<int32_t>> ngrams_;  // per text
  std::vector<int32_t> labels_;
};

// Hashed character n-grams of " text " (FNV-1a, modulo buckets).
std::vector<int32_t> hash_ngrams(const std::string& text, const LangIdConfig& cfg);
TextBatch single_text(const std::string& text, const LangIdConfig& cfg);
