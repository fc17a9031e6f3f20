#include "hypnogram.h"

#include <cstdio>

#include "transitions.h"

torch::Tensor smooth_hypnogram(const torch::Tensor& probs, const torch::Tensor& transitions) {
  const int64_t e = probs.size(0), k = probs.size(1);
  auto alpha = torch::empty({e, k});
  auto beta = torch::ones({e, k});
  alpha[0] = probs[0] / probs[0].sum();
  for (int64_t t = 1; t < e; ++t) {
    auto a = torch::mm(alpha[t - 1].unsqueeze(0), transitions).squeeze(0) * probs[t];  //@bug P02B torch-dtype-mismatch
    alpha[t] = a / a.sum();
  }
  for (int64_t t = e - 2; t >= 0; --t) {
    auto b = torch::mm(transitions, (beta[t + 1] * probs[t + 1]).unsqueeze(1)).squeeze(1);
    beta[t] = b / b.sum();
  }
  return (alpha * beta).argmax(1);
}

SleepSummary summarise(const torch::Tensor& stages, const torch::Tensor& arousal_probs,
                       double epoch_seconds) {
  SleepSummary s;
  const double epoch_min = epoch_seconds / 60.0;
  auto st = stages.accessor<int64_t, 1>();
  const int64_t e = st.size(0);
  int64_t onset = -1, last_sleep = -1;
  for (int64_t i = 0; i < e; ++i) {
    s.minutes_in[st[i]] += epoch_min;
    if (st[i] != kWake) {
      if (onset < 0) onset = i;
      last_sleep = i;
    }
  }
  s.time_in_bed_min = static_cast<double>(e) * epoch_min;
  s.total_sleep_min = s.time_in_bed_min - s.minutes_in[kWake];
  s.efficiency = s.total_sleep_min / s.time_in_bed_min;  // e >= 1
  if (onset >= 0) {
    s.sleep_latency_min = static_cast<double>(onset) * epoch_min;
    for (int64_t i = onset; i <= last_sleep; ++i) {
      if (st[i] == kWake) s.waso_min += epoch_min;
      if (st[i] == kRem && s.rem_latency_min < 0)
        s.rem_latency_min = static_cast<double>(i - onset) * epoch_min;
    }
  }
  // An arousal counts once, however many consecutive epochs it spans.
  auto on = arousal_probs.gt(0.5).to(torch::kInt8);
  auto starts = (on.slice(0, 1) - on.slice(0, 0, -1)).eq(1).sum().item<int64_t>() + on[0].item<int64_t>();
  if (s.total_sleep_min > 0) s.arousal_index = static_cast<double>(starts) / (s.total_sleep_min / 60.0);
  return s;
}

void print_report(const std::string& subject, const SleepSummary& s) {
  std::printf("%s: TIB %.1f min, TST %.1f min, SE %.1f %%, SOL %.1f min, REM lat %.1f min, "
              "WASO %.1f min, arousals %.1f /h\n ",
              subject.c_str(), s.time_in_bed_min, s.total_sleep_min, 100.0 * s.efficiency,
              s.sleep_latency_min, s.rem_latency_min, s.waso_min, s.arousal_index);
  for (int k = 0; k < kNumStages; ++k) std::printf(" %s %.1f min", stage_name(k), s.minutes_in[k]);
  std::printf("\n");
}
