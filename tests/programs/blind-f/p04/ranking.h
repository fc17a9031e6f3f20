#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

struct RankedIntent {
  std::string intent;
  float probability = 0.f;
};

// Re-weights the model's posterior with a log prior over intents (traffic
// share per deployment), renormalises and returns the top_k intents.
// logits: [1, C] on any device; log_prior: [C].
std::vector<RankedIntent> rank_intents(const torch::Tensor& logits,
                                       const torch::Tensor& log_prior,
                                       const std::vector<std::string>& names,
                                       double temperature, int64_t top_k);

// Reads "intent<TAB>share" lines; shares need not sum to one.
void read_intent_shares(const std::string& path, std::vector<std::string>& names,
                        std::vector<double>& shares);
