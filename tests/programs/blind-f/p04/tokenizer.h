#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

// Model inputs for one utterance, padded to max_len.
struct Encoded {
  torch::Tensor input_ids;       // [1, max_len] Long
  torch::Tensor attention_mask;  // [1, max_len] Float, 1 for real tokens
  int64_t num_tokens = 0;
};

// Greedy longest-match WordPiece over a lower-cased, whitespace-split text.
class WordPieceTokenizer {
 public:
  WordPieceTokenizer(const std::string& vocab_path, int64_t max_len);

  Encoded encode(const std::string& text) const;
  int64_t vocab_size() const { return static_cast<int64_t>(vocab_.size()); }

 private:
  void split_word(const std::string& word, std::vector<int64_t>& out) const;

  std::unordered_map<std::string, int64_t> vocab_;
  int64_t max_len_;
  int64_t cls_id_ = 101, sep_id_ = 102, pad_id_ = 0, unk_id_ = 100;
};
