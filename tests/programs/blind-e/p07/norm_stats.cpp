#include <cmath>
#include <vector>

#include "series_dataset.h"

NormStats fit_norm_stats(const SeriesDataset& data) {
  std::vector<double> mean, scale;
  for (const auto& s : data.meters()) {
    double sum = 0.0, sq = 0.0, n = 0.0;
    for (size_t i = 0; i < s.load.size(); ++i) {
      if (!s.valid[i]) continue;
      sum += s.load[i];
      sq += static_cast<double>(s.load[i]) * s.load[i];
      n += 1.0;
    }
    const double mu = n > 0 ? sum / n : 0.0;
    const double var = n > 1 ? sq / n - mu * mu : 1.0;
    mean.push_back(mu);
    scale.push_back(std::sqrt(std::max(var, 1e-6)));
  }
  // torch::tensor over std::vector<double> yields the default dtype (Float).
  return NormStats{torch::tensor(mean), torch::tensor(scale)};
}
