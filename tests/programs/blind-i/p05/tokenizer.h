#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <utility>

// Word-level tokenizer of the claim encoder, with the inverse document
// frequency of every word over the patent corpus (claims language is full of
// "wherein", "said", "comprising" that carry no meaning).
struct Encoded {
  torch::Tensor input_ids;       // [1, L] int64
  torch::Tensor attention_mask;  // [1, L] int64
  torch::Tensor token_weights;   // [1, L] float32, IDF (0 for [CLS] and [SEP])
};

class ClaimTokenizer {
 public:
  explicit ClaimTokenizer(const std::string& vocab_path);  // word <TAB> id <TAB> idf
  Encoded encode(const std::string& text, int64_t max_len) const;

 private:
  std::unordered_map<std::string, std::pair<int64_t, float>> vocab_;
  float unk_idf_ = 1.0f;
};
