#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// Rhythm classes of the exported model, in output order.
const std::vector<std::string>& rhythm_labels();

struct RhythmSummary {
  torch::Tensor window_class;  // [W] argmax class per window
  torch::Tensor window_conf;   // [W] softmax probability of that class
  torch::Tensor record_probs;  // [C] mean window probability
};

// logits: [W, C] on any device. Everything returned is on the host.
RhythmSummary summarize(const torch::Tensor& logits);

std::string format_report(const std::string& record_id, const RhythmSummary& s,
                          double alert_threshold);
