#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <vector>

#include "feature_store.h"

struct RankedItem {
  int64_t item_id = 0;
  float score = 0.f;
};

// Applies the merchandising boost (promoted categories) to the ranker output
// and returns the top `limit` candidates, best first.
std::vector<RankedItem> rerank(const torch::jit::IValue& ranker_out,
                               const std::vector<Candidate>& cands,
                               const std::vector<std::string>& promoted,
                               int64_t limit);
