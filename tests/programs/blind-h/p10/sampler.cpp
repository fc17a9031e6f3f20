#include "sampler.h"

#include <cmath>
#include <stdexcept>

namespace {

std::vector<double> counts_per_language(const std::vector<int32_t>& labels, int64_t languages) {
  std::vector<double> counts(static_cast<size_t>(languages), 0.0);
  for (int32_t l : labels) counts[static_cast<size_t>(l)] += 1.0;
  return counts;
}

}  // namespace

BalancedSampler::BalancedSampler(const std::vector<int32_t>& labels, int64_t languages, double power) {
  if (labels.empty()) throw std::runtime_error("empty training set");
  const auto counts = counts_per_language(labels, languages);
  std::vector<double> w;
  w.reserve(labels.size());
  for (int32_t l : labels) w.push_back(std::pow(counts[static_cast<size_t>(l)], power - 1.0));
  weights_ = torch::tensor(w);  // default dtype: Float
}

std::vector<size_t> BalancedSampler::draw(int64_t n) const {
  auto picked = torch::multinomial(weights_, n, /*replacement=*/true);  // Long
  const int64_t* p = picked.data_ptr<int64_t>();
  return std::vector<size_t>(p, p + n);
}

torch::Tensor language_log_prior(const std::vector<int32_t>& labels, int64_t languages) {
  auto counts = counts_per_language(labels, languages);
  for (auto& c : counts) c += 1.0;  // add-one smoothing
  auto share = torch::tensor(counts);
  return (share / share.sum()).log();
}
