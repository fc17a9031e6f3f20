#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// Best-path CTC decoding with a per-character confidence filter: characters
// whose frame probability is below min_confidence are printed as '?'.
class CtcGreedyDecoder {
 public:
  CtcGreedyDecoder(std::string alphabet, float min_confidence)
      : alphabet_(std::move(alphabet)), min_confidence_(min_confidence) {}

  // log_probs: [T, B, C] as produced by CRNN::forward (any device).
  std::vector<std::string> decode(const torch::Tensor& log_probs) const;

 private:
  std::string alphabet_;
  float min_confidence_;
};
