#pragma once

#include <torch/script.h>

#include <string>

#include "candidates.h"

namespace reco {

struct RankResult {
  torch::Tensor scores;          // [B, K] relevance logits
  torch::Tensor user_embedding;  // [B, D], logged for the nearest-neighbour index
};

class Ranker {
 public:
  Ranker(const std::string& model_path, torch::Device device);
  RankResult score(const RankRequest& request);
  torch::Device device() const { return device_; }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace reco
