#pragma once

#include <torch/torch.h>

#include <cstdint>

// Mean of the start and end cross-entropies.
torch::Tensor span_loss(const torch::Tensor& start_logits, const torch::Tensor& end_logits,
                        const torch::Tensor& start, const torch::Tensor& end);

struct SpanScores {
  double exact = 0.0, f1 = 0.0;  // sums of exact matches and token-overlap F1
  int64_t count = 0;
};

// Predicted span per example from host logits, scored against the gold span.
void score_spans(const torch::Tensor& start_logits, const torch::Tensor& end_logits,
                 const torch::Tensor& gold_start, const torch::Tensor& gold_end, SpanScores& scores);
