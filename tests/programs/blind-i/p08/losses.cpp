#include "losses.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace F = torch::nn::functional;

torch::Tensor tagging_loss(const torch::Tensor& logits, const torch::Tensor& labels) {
  return F::cross_entropy(logits, labels);
}

double background_rejection(const torch::Tensor& scores, const torch::Tensor& labels,
                            int64_t signal_class, double signal_efficiency) {
  auto s = scores.accessor<float, 1>();
  auto y = labels.accessor<int64_t, 1>();
  std::vector<float> sig, bkg;
  for (int64_t i = 0; i < s.size(0); ++i) {
    if (y[i] == signal_class) sig.push_back(s[i]);
    else if (y[i] == 0) bkg.push_back(s[i]);
  }
  if (sig.empty() || bkg.empty()) return 0.0;
  // Threshold that keeps the requested fraction of the signal.
  std::sort(sig.begin(), sig.end(), std::greater<float>());
  const auto keep = static_cast<size_t>(signal_efficiency * static_cast<double>(sig.size()));
  const float cut = sig[std::min(keep, sig.size() - 1)];
  const auto passed = std::count_if(bkg.begin(), bkg.end(), [cut](float v) { return v >= cut; });
  return passed == 0 ? static_cast<double>(bkg.size())
                     : static_cast<double>(bkg.size()) / static_cast<double>(passed);
}
