#pragma once

#include <torch/torch.h>

#include <algorithm>
#include <vector>

struct TabularData {
  torch::Tensor train_x;  // [N, F] float32, host
  torch::Tensor train_y;  // [N] int64, host
  torch::Tensor val_x;
  torch::Tensor val_y;
};

// Synthetic stand-in for a CSV export: features are drawn around per-class
// centroids, then standardised with statistics from the training split.
inline TabularData make_tabular(int64_t n_train, int64_t n_val, int64_t features,
                                int64_t classes, uint64_t seed = 17) {
  auto gen_split = [&](int64_t n) {
    auto y = torch::randint(classes, {n}, torch::kLong);
    auto centroids = torch::linspace(-2.0, 2.0, classes).unsqueeze(1).expand({classes, features});
    auto x = centroids.index({y}) + torch::randn({n, features});
    return std::make_pair(x, y);
  };
  torch::manual_seed(seed);
  auto [tx, ty] = gen_split(n_train);
  auto [vx, vy] = gen_split(n_val);

  auto mean = tx.mean(0, /*keepdim=*/true);
  auto stdev = tx.std(0, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
  return {(tx - mean) / stdev, ty, (vx - mean) / stdev, vy};
}

inline std::vector<double> inverse_frequency(const torch::Tensor& labels,
                                             int64_t classes) {
  auto counts = torch::bincount(labels, {}, classes).to(torch::kDouble);
  auto acc = counts.accessor<double, 1>();
  const double total = counts.sum().item<double>();
  std::vector<double> weights(classes);
  for (int64_t c = 0; c < classes; ++c) {
    weights[c] = total / (classes * std::max(acc[c], 1.0));
  }
  return weights;
}
