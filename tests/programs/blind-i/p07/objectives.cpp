#include "objectives.h"

torch::Tensor smoothed_cross_entropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                     const torch::Tensor& class_weights, double smoothing) {
  const int64_t c = logits.size(1);
  auto log_probs = torch::log_softmax(logits, 1);
  // one_hot gives int64; the targets have to be in the logits' dtype.
  auto target = torch::one_hot(labels, c).to(logits.dtype()) * (1.0 - smoothing) +
                smoothing / static_cast<double>(c);
  auto per_sample = -(target * log_probs).sum(1);
  auto w = class_weights.index_select(0, labels);
  return (per_sample * w).sum() / w.sum();
}

int64_t top_k_hits(const torch::Tensor& logits, const torch::Tensor& labels, int64_t k) {
  auto top = std::get<1>(logits.topk(k, 1)).cpu();
  auto lab = labels.cpu();
  auto t = top.accessor<int64_t, 2>();
  auto l = lab.accessor<int64_t, 1>();
  int64_t hits = 0;
  for (int64_t i = 0; i < t.size(0); ++i)
    for (int64_t j = 0; j < k; ++j)
      if (t[i][j] == l[i]) {
        ++hits;
        break;
      }
  return hits;
}
