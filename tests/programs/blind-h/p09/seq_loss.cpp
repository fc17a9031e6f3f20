#include "seq_loss.h"

#include <algorithm>

#include "config.h"

namespace F = torch::nn::functional;

torch::Tensor token_nll(const torch::Tensor& log_probs, const torch::Tensor& targets) {
  const int64_t classes = log_probs.size(-1);
  auto nll = F::nll_loss(log_probs.reshape({-1, classes}), targets.reshape({-1}),  //@bug P09B torch-loss-target-dtype|torch-dtype-mismatch
                         F::NLLLossFuncOptions().ignore_index(kPad).reduction(torch::kNone));
  return nll.view_as(targets);
}

torch::Tensor word_mean(const torch::Tensor& token_losses, const torch::Tensor& mask) {
  auto m = mask.to(token_losses.dtype());
  return ((token_losses * m).sum(1) / m.sum(1).clamp_min(1.0)).mean();  //@bug P09A torch-device-mismatch
}

int64_t edit_distance(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  std::vector<int64_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int64_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int64_t>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      const int64_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
