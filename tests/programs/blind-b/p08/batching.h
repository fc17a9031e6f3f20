#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

#include "vocab.h"

struct SentencePair {
  std::string source;
  std::string target;
};

struct TranslationBatch {
  torch::Tensor src;  // [B, S]
  torch::Tensor tgt;  // [B, T], starts with <bos>, ends with <eos>
};

// Pads a list of token id sequences to a dense [B, max_len] tensor.
torch::Tensor pad_sequences(const std::vector<std::vector<int32_t>>& seqs, int32_t pad_id);

std::vector<TranslationBatch> make_batches(const std::vector<SentencePair>& pairs,
                                           const Vocab& src_vocab, const Vocab& tgt_vocab,
                                           size_t batch_size);
