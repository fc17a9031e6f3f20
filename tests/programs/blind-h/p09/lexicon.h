#pragma once

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

#include "config.h"

struct SymbolTable {
  std::map<std::string, int64_t> ids;
  std::vector<std::string> names{"<pad>", "<s>", "</s>"};
  int64_t add(const std::string& s);
  int64_t size() const { return static_cast<int64_t>(names.size()); }
};

struct PronBatch {
  torch::Tensor graphemes;       // [B, Lg] Long, padded with kPad
  torch::Tensor dec_in;          // [B, Lp] Long, <s> p1 p2 ...
  torch::Tensor targets;         // [B, Lp] phoneme ids, p1 p2 ... </s>, padded
  torch::Tensor target_lengths;  // [B] Long, phonemes + </s>
};

class Lexicon {
 public:
  // Fills empty symbol tables (training lexicon), else maps unseen symbols to <pad>.
  Lexicon(const std::string& path, const G2pConfig& cfg, SymbolTable& letters, SymbolTable& phones);

  size_t size() const { return words_.size(); }
  PronBatch batch(const std::vector<size_t>& idx) const;
  const std::vector<int64_t>& pron(size_t i) const { return prons_[i]; }

 private:
  G2pConfig cfg_;
  std::vector<std::vector<int64_t>> words_, prons_;
};

// [B, max_len] Bool, true where the position is inside the sequence.
torch::Tensor length_mask(const torch::Tensor& lengths, int64_t max_len);
