#include "spiral_data.h"

#include <cmath>
#include <random>

Trajectory make_spiral(int64_t samples, double t_end, double noise,
                       unsigned seed) {
  const double A[2][2] = {{-0.1, 2.0}, {-2.0, -0.1}};
  const int64_t sub = 100;  // Euler sub-steps per sample
  const double dt = t_end / static_cast<double>((samples - 1) * sub);
  std::mt19937 rng(seed);
  std::normal_distribution<double> eps(0.0, noise);

  Trajectory traj;
  double y[2] = {2.0, 0.0};
  for (int64_t i = 0; i < samples; ++i) {
    traj.times.push_back(static_cast<double>(i) * dt * sub);
    traj.states.push_back(y[0] + eps(rng));
    traj.states.push_back(y[1] + eps(rng));
    for (int64_t s = 0; s < sub; ++s) {
      const double c0 = y[0] * y[0] * y[0];
      const double c1 = y[1] * y[1] * y[1];
      const double d0 = c0 * A[0][0] + c1 * A[1][0];
      const double d1 = c0 * A[0][1] + c1 * A[1][1];
      y[0] += dt * d0;
      y[1] += dt * d1;
    }
  }
  return traj;
}

torch::Tensor time_grid(const Trajectory& traj) {
  const auto T = static_cast<int64_t>(traj.times.size());
  return torch::from_blob(const_cast<double*>(traj.times.data()), {T},
                          torch::kFloat64)
      .clone();
}

torch::Tensor observations(const Trajectory& traj) {
  const auto T = static_cast<int64_t>(traj.times.size());
  return torch::from_blob(const_cast<double*>(traj.states.data()), {T, 1, 2},
                          torch::kFloat64)
      .to(torch::kFloat32);
}

WindowBatch sample_windows(const torch::Tensor& ts, const torch::Tensor& obs,
                           int64_t batch, int64_t length) {
  const int64_t T = ts.size(0);
  auto starts = torch::randint(0, T - length, {batch}, torch::kLong);
  WindowBatch b;
  b.y0 = obs.index_select(0, starts).squeeze(1);  // [B, 2]
  b.t = ts.narrow(0, 0, length);                  // uniform grid
  std::vector<torch::Tensor> steps;
  for (int64_t k = 0; k < length; ++k) {
    steps.push_back(obs.index_select(0, starts + k).squeeze(1));
  }
  b.y = torch::stack(steps);  // [L, B, 2]
  return b;
}
