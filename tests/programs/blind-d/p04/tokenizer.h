#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

// Byte-level vocabulary built from the characters that occur in the corpus.
class CharTokenizer {
 public:
  explicit CharTokenizer(const std::string& text);

  std::vector<int32_t> encode(const std::string& text) const;
  std::string decode(const std::vector<int64_t>& ids) const;
  int64_t vocab_size() const { return static_cast<int64_t>(itos_.size()); }

 private:
  std::map<char, int32_t> stoi_;
  std::vector<char> itos_;
};

// Draws random windows of block_size + 1 tokens from a token stream and
// returns (inputs, next-token targets), both [B, block_size] on the host.
class TokenStream {
 public:
  TokenStream(std::vector<int32_t> ids, int64_t block_size, unsigned seed);

  std::pair<torch::Tensor, torch::Tensor> sample(int64_t batch_size);
  int64_t size() const { return static_cast<int64_t>(ids_.size()); }

 private:
  std::vector<int32_t> ids_;
  int64_t block_;
  std::mt19937 rng_;
};

std::string read_text(const std::string& path);
