#pragma once

#include <torch/torch.h>

#include <string>

// Forward-backward smoothing of the per-epoch posteriors [E, 5] (host) with a
// transition matrix (hybrid HMM); returns [E] int64 stages.
torch::Tensor smooth_hypnogram(const torch::Tensor& probs, const torch::Tensor& transitions);

struct SleepSummary {
  double time_in_bed_min = 0, total_sleep_min = 0, efficiency = 0;
  double sleep_latency_min = -1, rem_latency_min = -1, waso_min = 0;
  double minutes_in[5] = {0, 0, 0, 0, 0}, arousal_index = 0;  // per hour of sleep
};

SleepSummary summarise(const torch::Tensor& stages, const torch::Tensor& arousal_probs,
                       double epoch_seconds);
void print_report(const std::string& subject, const SleepSummary& s);
