#include "objectives.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

torch::Tensor inverse_frequency_weights(const std::vector<int64_t>& counts) {
  const double total = static_cast<double>(std::accumulate(counts.begin(), counts.end(), int64_t{0}));
  std::vector<float> w;
  for (int64_t c : counts) w.push_back(static_cast<float>(total / std::max<double>(1.0, static_cast<double>(c))));
  auto weights = torch::tensor(w);
  return weights / weights.mean();
}

torch::Tensor normalise_traces(const torch::Tensor& waveforms) {
  auto centred = waveforms - waveforms.mean(-1, /*keepdim=*/true);
  return centred / centred.std(-1, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
}

torch::Tensor smooth_labels(const torch::Tensor& targets, const torch::Tensor& eps) {
  return targets * (1.0 - eps) + eps / static_cast<double>(targets.size(1));
}

torch::Tensor weighted_soft_ce(const torch::Tensor& logits, const torch::Tensor& targets,
                               const torch::Tensor& weights) {
  return -(targets * torch::log_softmax(logits, 1) * weights.view({1, -1, 1})).sum(1).mean();
}

double PickStats::f1(int phase) const {
  const double denom = 2.0 * tp[phase] + fp[phase] + fn[phase];
  return denom > 0 ? 2.0 * tp[phase] / denom : 0.0;
}

void count_picks(const torch::Tensor& probs, const torch::Tensor& p_index,
                 const torch::Tensor& s_index, double threshold, int64_t tolerance,
                 PickStats& stats) {
  const torch::Tensor truth[2] = {p_index, s_index};
  for (int phase = 0; phase < 2; ++phase) {
    auto best = probs.select(1, phase).max(1);
    auto peak = std::get<0>(best).contiguous();
    auto at = std::get<1>(best).contiguous();
    auto peak_a = peak.accessor<float, 1>();
    auto at_a = at.accessor<int64_t, 1>();
    auto truth_a = truth[phase].accessor<int64_t, 1>();
    for (int64_t i = 0; i < peak_a.size(0); ++i) {
      const bool picked = peak_a[i] >= threshold;
      const bool labelled = truth_a[i] >= 0;
      const int64_t err = std::llabs(at_a[i] - truth_a[i]);
      if (picked && labelled && err <= tolerance) {
        ++stats.tp[phase];
        stats.abs_residual[phase] += static_cast<double>(err);
        continue;
      }
      stats.fp[phase] += picked;
      stats.fn[phase] += labelled;
    }
  }
}
