#include "dataset_stats.h"

#include <algorithm>
#include <cmath>

DatasetStats compute_stats(const std::vector<Jet>& jets, int64_t num_classes,
                           int64_t max_particles) {
  // Millions of constituents: float sums would lose the small features.
  std::vector<double> sum(6, 0.0), sumsq(6, 0.0);
  std::vector<float> counts(static_cast<size_t>(num_classes), 0.f);
  double n = 0.0;
  for (const auto& jet : jets) {
    auto f = constituent_features(jet, max_particles).to(torch::kFloat64);
    auto s = f.sum(0), q = f.square().sum(0);
    for (int64_t k = 0; k < 6; ++k) {
      sum[static_cast<size_t>(k)] += s[k].item<double>();
      sumsq[static_cast<size_t>(k)] += q[k].item<double>();
    }
    n += static_cast<double>(f.size(0));
    counts[static_cast<size_t>(jet.label)] += 1.f;
  }
  std::vector<double> mean(6), stdev(6);
  for (size_t k = 0; k < 6; ++k) {
    mean[k] = sum[k] / n;
    stdev[k] = std::sqrt(std::max(sumsq[k] / n - mean[k] * mean[k], 1e-12));
  }
  std::vector<float> log_prior;
  for (float c : counts) log_prior.push_back(std::log((c + 1.f) / (static_cast<float>(jets.size()) + num_classes)));

  DatasetStats st;
  st.feature_mean = torch::tensor(mean, torch::kFloat64);  //@bug P08A torch-dtype-mismatch
  st.feature_std = torch::tensor(stdev, torch::kFloat64);  //@bug P08A torch-dtype-mismatch
  st.log_prior = torch::tensor(log_prior);  //@bug P08B torch-factory-missing-device|torch-device-mismatch
  return st;
}
