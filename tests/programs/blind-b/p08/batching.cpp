#include "batching.h"

#include <algorithm>

torch::Tensor pad_sequences(const std::vector<std::vector<int32_t>>& seqs, int32_t pad_id) {
  size_t max_len = 0;
  for (const auto& s : seqs) max_len = std::max(max_len, s.size());

  std::vector<int32_t> flat(seqs.size() * max_len, pad_id);
  for (size_t i = 0; i < seqs.size(); ++i) {
    std::copy(seqs[i].begin(), seqs[i].end(), flat.begin() + i * max_len);
  }
  return torch::from_blob(flat.data(),  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch
                          {static_cast<int64_t>(seqs.size()), static_cast<int64_t>(max_len)},
                          torch::kInt32)  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch
      .clone();
}

std::vector<TranslationBatch> make_batches(const std::vector<SentencePair>& pairs,
                                           const Vocab& src_vocab, const Vocab& tgt_vocab,
                                           size_t batch_size) {
  // Sort by source length so that batches need little padding.
  std::vector<size_t> order(pairs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return pairs[a].source.size() < pairs[b].source.size();
  });

  std::vector<TranslationBatch> batches;
  for (size_t start = 0; start < order.size(); start += batch_size) {
    std::vector<std::vector<int32_t>> src, tgt;
    for (size_t k = start; k < std::min(start + batch_size, order.size()); ++k) {
      src.push_back(src_vocab.encode(pairs[order[k]].source));
      tgt.push_back(tgt_vocab.encode(pairs[order[k]].target));
    }
    batches.push_back({pad_sequences(src, Vocab::kPad), pad_sequences(tgt, Vocab::kPad)});  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch
  }
  return batches;
}
