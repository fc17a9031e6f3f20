#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Per-position negative log-likelihood, [B, T]; padding positions give 0.
torch::Tensor token_nll(const torch::Tensor& log_probs, const torch::Tensor& targets);

// Mean over words of each word's average token loss (long and short words weigh the same).
torch::Tensor word_mean(const torch::Tensor& token_losses, const torch::Tensor& mask);

// Levenshtein distance between two phoneme sequences.
int64_t edit_distance(const std::vector<int64_t>& a, const std::vector<int64_t>& b);
