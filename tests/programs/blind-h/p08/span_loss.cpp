#include "span_loss.h"

#include <algorithm>

namespace F = torch::nn::functional;

torch::Tensor span_loss(const torch::Tensor& start_logits, const torch::Tensor& end_logits,
                        const torch::Tensor& start, const torch::Tensor& end) {
  return 0.5 * (F::cross_entropy(start_logits, start) + F::cross_entropy(end_logits, end));
}

void score_spans(const torch::Tensor& start_logits, const torch::Tensor& end_logits,
                 const torch::Tensor& gold_start, const torch::Tensor& gold_end, SpanScores& scores) {
  // Independent argmax of start and end, the end clamped to the start.
  auto ps = start_logits.argmax(1);
  auto pe = torch::max(end_logits.argmax(1), ps);
  auto psa = ps.accessor<int64_t, 1>(), pea = pe.accessor<int64_t, 1>();
  auto gsa = gold_start.accessor<int64_t, 1>(), gea = gold_end.accessor<int64_t, 1>();
  for (int64_t i = 0; i < psa.size(0); ++i) {
    const int64_t s = psa[i], e = pea[i], g0 = gsa[i], g1 = gea[i];
    scores.exact += (s == g0 && e == g1) ? 1.0 : 0.0;
    // Token-overlap F1; [CLS] (no answer) only matches itself.
    const int64_t overlap = (g0 == 0 || s == 0) ? (g0 == s) : std::min(g1, e) - std::max(g0, s) + 1;
    if (overlap > 0) scores.f1 += 2.0 * overlap / static_cast<double>((e - s + 1) + (g1 - g0 + 1));
    ++scores.count;
  }
}
