#include "augment.h"

#include <vector>

TrajBatch augment(const TrajBatch& batch) {
  constexpr double kTwoPi = 6.283185307179586;
  const int64_t n = batch.obs.size(0);
  const auto opts = batch.obs.options();
  auto theta = torch::rand({n}, opts) * kTwoPi;
  auto c = theta.cos(), s = theta.sin();
  auto rot_t = torch::stack({torch::stack({c, s}, 1), torch::stack({-s, c}, 1)}, 1);  // R^T, [B, 2, 2]

  static const std::vector<double> speeds{0.8, 1.0, 1.2};
  auto choice = torch::randint(0, static_cast<int64_t>(speeds.size()), {n},
                               torch::TensorOptions().dtype(torch::kLong).device(opts.device()));
  auto speed = torch::tensor(speeds).to(opts.device()).index_select(0, choice).view({n, 1, 1});

  auto pivot = batch.obs.select(1, batch.obs.size(1) - 1).unsqueeze(1);  // [B, 1, 2]
  auto transform = [&](const torch::Tensor& p) {
    return torch::bmm(p - pivot, rot_t) * speed + pivot;
  };
  TrajBatch out;
  out.obs = transform(batch.obs);
  out.fut = transform(batch.fut);
  out.obs_rel = torch::cat({torch::zeros_like(out.obs.slice(1, 0, 1)), out.obs.diff(1, 1)}, 1);
  return out;
}
