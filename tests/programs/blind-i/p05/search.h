#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "encoder_backend.h"
#include "patent_index.h"
#include "tokenizer.h"
#include "whitening.h"

struct PriorArtHit {
  std::string publication;
  std::string cpc;
  float score = 0.f;
};

class PriorArtSearch {
 public:
  PriorArtSearch(std::unique_ptr<ClaimEncoder> encoder, ClaimTokenizer tokenizer,
                 PatentIndex index, const Whitening& whitening);

  // Top-k patents for one claim; documents in the claim's CPC subclass get a
  // small boost, examiners search there first.
  std::vector<PriorArtHit> search(const std::string& claim, const std::string& cpc, int64_t k);

 private:
  torch::Tensor embed(const std::string& claim);  // [1, 256] unit vector

  std::unique_ptr<ClaimEncoder> encoder_;
  ClaimTokenizer tokenizer_;
  PatentIndex index_;
  torch::Tensor white_mean_, white_proj_;
  int64_t max_len_ = 256;
  float cpc_boost_ = 0.05f;
};
