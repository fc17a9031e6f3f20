#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Per-class weights ~ 1 / labelled sample count, normalised to mean 1.
torch::Tensor inverse_frequency_weights(const std::vector<int64_t>& counts);

// Zero mean, unit standard deviation per trace and component.
torch::Tensor normalise_traces(const torch::Tensor& waveforms);

torch::Tensor smooth_labels(const torch::Tensor& targets, const torch::Tensor& eps);  // t(1-e)+e/C
// Class-weighted cross-entropy against per-sample soft labels.
torch::Tensor weighted_soft_ce(const torch::Tensor& logits, const torch::Tensor& targets,
                               const torch::Tensor& weights);

struct PickStats {
  int64_t tp[2] = {0, 0}, fp[2] = {0, 0}, fn[2] = {0, 0};  // P, S
  double abs_residual[2] = {0.0, 0.0};                      // samples, over true positives
  double f1(int phase) const;
};

// probs: [B, 3, T] on the host; one pick per phase and trace at the maximum.
void count_picks(const torch::Tensor& probs, const torch::Tensor& p_index,
                 const torch::Tensor& s_index, double threshold, int64_t tolerance,
                 PickStats& stats);
