#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

struct Detection {
  std::string keyword;  // empty when nothing passed the threshold
  double confidence = 0.0;
};

// Turns logits [N, K] (any device) into one decision per clip. Class 0 is
// "_silence_", class 1 "_unknown_"; neither is ever reported.
std::vector<Detection> decide(const torch::Tensor& logits,
                              const std::vector<std::string>& keywords,
                              double threshold);
