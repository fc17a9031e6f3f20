#include "metrics.h"

#include <algorithm>
#include <numeric>
#include <vector>

double roc_auc(const torch::Tensor& scores, const torch::Tensor& labels) {
  const int64_t n = scores.size(0);
  auto s = scores.accessor<float, 1>();  //@bug P06A torch-host-read-device-tensor
  auto y = labels.accessor<float, 1>();  //@bug P06A torch-host-read-device-tensor
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return s[a] < s[b]; });

  double positives = 0.0, rank_sum = 0.0;
  for (int64_t i = 0; i < n;) {
    int64_t j = i;
    while (j + 1 < n && s[order[static_cast<size_t>(j + 1)]] == s[order[static_cast<size_t>(i)]]) ++j;
    const double avg_rank = 0.5 * static_cast<double>(i + j) + 1.0;  // ranks are 1-based
    for (int64_t k = i; k <= j; ++k) {
      if (y[order[static_cast<size_t>(k)]] > 0.5f) {
        positives += 1.0;
        rank_sum += avg_rank;
      }
    }
    i = j + 1;
  }
  const double negatives = static_cast<double>(n) - positives;
  if (positives == 0.0 || negatives == 0.0) return 0.5;
  return (rank_sum - positives * (positives + 1.0) / 2.0) / (positives * negatives);
}

double accuracy(const torch::Tensor& scores, const torch::Tensor& labels) {
  return scores.gt(0.5).eq(labels.gt(0.5)).to(torch::kFloat64).mean().item<double>();
}
