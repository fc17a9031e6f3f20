#include <algorithm>
#include <cmath>

#include "har_net.h"

namespace F = torch::nn::functional;

torch::Tensor class_balanced_weights(const std::vector<int64_t>& counts, double beta) {
  std::vector<float> w(counts.size());
  double total = 0.0;
  for (size_t c = 0; c < counts.size(); ++c) {
    const double eff = (1.0 - std::pow(beta, static_cast<double>(counts[c]))) / (1.0 - beta);
    w[c] = static_cast<float>(1.0 / std::max(eff, 1.0));
    total += w[c];
  }
  for (auto& x : w) x = static_cast<float>(x * counts.size() / total);
  return torch::tensor(w);
}

torch::Tensor class_balanced_nll(const torch::Tensor& logits,
                                 const torch::Tensor& targets,
                                 const torch::Tensor& weights) {
  auto log_probs = F::log_softmax(logits, F::LogSoftmaxFuncOptions(1));
  return F::nll_loss(log_probs, targets,  //@bug P06A torch-loss-target-dtype|torch-dtype-mismatch
                     F::NLLLossFuncOptions().weight(weights));
}

double macro_f1(const torch::Tensor& pred, const torch::Tensor& target,
                int64_t num_classes) {
  auto p = pred.cpu();
  auto t = target.cpu().to(torch::kLong);
  double f1_sum = 0.0;
  for (int64_t c = 0; c < num_classes; ++c) {
    auto pc = p.eq(c), tc = t.eq(c);
    const double tp = pc.logical_and(tc).sum().item<double>();
    const double fp = pc.logical_and(tc.logical_not()).sum().item<double>();
    const double fn = pc.logical_not().logical_and(tc).sum().item<double>();
    const double denom = 2 * tp + fp + fn;
    f1_sum += denom > 0 ? 2 * tp / denom : 0.0;
  }
  return f1_sum / static_cast<double>(num_classes);
}
