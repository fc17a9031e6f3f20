#include "search.h"

#include <algorithm>

namespace F = torch::nn::functional;

PriorArtSearch::PriorArtSearch(std::unique_ptr<ClaimEncoder> encoder, ClaimTokenizer tokenizer,
                               PatentIndex index, const Whitening& whitening)
    : encoder_(std::move(encoder)), tokenizer_(std::move(tokenizer)), index_(std::move(index)) {
  // Keep the index and the whitening next to the encoder: one query touches
  // every vector of the corpus.
  const auto device = encoder_->device();
  for (auto& shard : index_.shards) shard = shard.to(device);
  white_mean_ = whitening.mean.to(device);  //@bug P05B torch-dtype-mismatch
  white_proj_ = whitening.projection.to(device);  //@bug P05B torch-dtype-mismatch
}

torch::Tensor PriorArtSearch::embed(const std::string& claim) {
  Encoded enc = tokenizer_.encode(claim, max_len_);
  EncoderOutput out = encoder_->encode(enc.input_ids, enc.attention_mask);
  // IDF-weighted mean of the token states rather than [CLS]: the encoder was
  // pre-trained on abstracts, and claims bury the invention in boilerplate.
  auto w = enc.token_weights.unsqueeze(-1);  //@bug P05A torch-device-mismatch
  auto pooled = (out.token_states * w).sum(1) / w.sum(1).clamp_min(1e-6);  //@bug P05A torch-device-mismatch
  auto z = torch::mm(pooled - white_mean_, white_proj_);  //@bug P05B torch-dtype-mismatch
  return F::normalize(z, F::NormalizeFuncOptions().dim(1));
}

std::vector<PriorArtHit> PriorArtSearch::search(const std::string& claim, const std::string& cpc,
                                                int64_t k) {
  auto q = embed(claim);
  std::vector<torch::Tensor> parts;
  parts.reserve(index_.shards.size());
  for (const auto& shard : index_.shards) parts.push_back(torch::mm(shard, q.t()).squeeze(1));  //@bug P05B torch-dtype-mismatch
  auto scores = torch::cat(parts);

  // Same CPC subclass (first four characters, e.g. "H04L") as the claim.
  const std::string subclass = cpc.substr(0, 4);
  std::vector<float> boost(index_.cpc.size(), 0.f);
  for (size_t i = 0; i < boost.size(); ++i)
    if (index_.cpc[i].compare(0, 4, subclass) == 0) boost[i] = cpc_boost_;
  scores = scores + torch::tensor(boost).to(scores.device());

  auto top = scores.topk(std::min<int64_t>(k, scores.size(0)));
  auto values = std::get<0>(top).cpu();
  auto indices = std::get<1>(top).cpu();
  auto v = values.accessor<float, 1>();
  auto ix = indices.accessor<int64_t, 1>();
  std::vector<PriorArtHit> hits;
  for (int64_t i = 0; i < v.size(0); ++i) {
    const auto row = static_cast<size_t>(ix[i]);
    hits.push_back({index_.publication[row], index_.cpc[row], v[i]});
  }
  return hits;
}
