#include "utils.h"

#include <numeric>

torch::Tensor class_weights(const std::vector<int64_t>& counts) {
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  std::vector<float> w;
  w.reserve(counts.size());
  for (int64_t c : counts) {
    w.push_back(c > 0 ? static_cast<float>(total / (counts.size() * c)) : 0.f);
  }
  auto weights = torch::tensor(w);  //@bug P07B torch-factory-missing-device|torch-device-mismatch
  return weights / weights.mean();
}

double top1(const torch::Tensor& logits, const torch::Tensor& labels) {
  auto pred = logits.argmax(1);
  return pred.eq(labels).to(torch::kFloat).mean().item<double>();
}
