#include "epoching.h"

#include <stdexcept>

torch::Tensor cut_epochs(const Recording& rec, double epoch_seconds) {
  const auto t = static_cast<int64_t>(epoch_seconds * rec.sample_rate);
  const auto start = static_cast<int64_t>(static_cast<double>(rec.lights_off_s) * rec.sample_rate);
  const int64_t e = (rec.num_samples() - start) / t;
  if (e <= 0) throw std::runtime_error(rec.subject + ": no complete epoch after lights-off");
  const auto c = static_cast<int64_t>(rec.channels.size());
  auto out = torch::empty({c, e * t});
  for (int64_t ch = 0; ch < c; ++ch) {
    auto& s = rec.samples[static_cast<size_t>(ch)];
    out[ch].copy_(torch::from_blob(const_cast<float*>(s.data()) + start, {e * t}, torch::kFloat32));
  }
  return out.view({c, e, t}).permute({1, 0, 2}).contiguous();
}

Normaliser fit_channel_normaliser(const torch::Tensor& epochs) {
  const int64_t c = epochs.size(1);
  // Every 10th sample is plenty for the quantiles and keeps quantile() fast.
  auto flat = epochs.transpose(0, 1).reshape({c, -1});
  flat = flat.slice(1, 0, flat.size(1), 10);
  auto q = torch::quantile(flat, torch::tensor({0.25, 0.5, 0.75}), 1);  // [3, C]
  auto median = q[1].view({1, c, 1});  //@bug P02A torch-device-mismatch
  auto iqr = (q[2] - q[0]).clamp_min(1e-3).view({1, c, 1});
  return [median, iqr](const torch::Tensor& x) {
    return ((x - median) / iqr).clamp(-20.0, 20.0);  //@bug P02A torch-device-mismatch
  };
}
