#include <torch/torch.h>

#include <fstream>
#include <iostream>
#include <string>

#include "integrator.h"
#include "ode_func.h"
#include "spiral_data.h"

// Fits a neural ODE to a noisy spiral. Small enough to run on a laptop: the
// whole program stays on the CPU.
int main(int argc, char** argv) {
  const std::string ckpt = argc > 1 ? argv[1] : "ode_func.pt";
  const int64_t iterations = 2000;
  const int64_t batch = 20;
  const int64_t window = 10;
  torch::manual_seed(0);

  Trajectory traj = make_spiral(1000, 25.0, 0.01, 42);
  auto ts = time_grid(traj);
  auto obs = observations(traj);
  const double* t_host = ts.data_ptr<double>();
  std::cout << "grid " << t_host[0] << " .. " << t_host[ts.size(0) - 1] << "\n";

  ODEFunc func(50);
  torch::optim::RMSprop optimizer(func->parameters(),
                                  torch::optim::RMSpropOptions(1e-3));
  FixedGridSolver<Rk4Step> solver;
  const auto l2 = torch::tensor(1e-5, torch::kFloat64);

  for (int64_t it = 1; it <= iterations; ++it) {
    WindowBatch b = sample_windows(ts, obs, batch, window);
    optimizer.zero_grad();
    auto pred = solver.solve(func, b.y0, b.t);  // [L, B, 2] float
    auto loss = (pred - b.y).abs().mean();
    for (const auto& p : func->parameters()) {
      loss = loss + (l2 * p.pow(2)).sum();
    }
    loss.backward();
    optimizer.step();
    if (it % 100 == 0) {
      std::cout << "iter " << it << " loss " << loss.item<float>() << "\n";
      torch::save(func, ckpt);
    }
  }

  // Reload the best-effort checkpoint into a fresh module and roll out the
  // full trajectory from the first observation.
  ODEFunc restored(50);
  torch::load(restored, ckpt);
  torch::NoGradGuard no_grad;
  auto y0 = obs[0];  // [1, 2]
  auto rollout = FixedGridSolver<EulerStep>().solve(restored, y0, ts);
  auto smooth = solver.solve(restored, y0, ts);
  auto err = (smooth - obs).pow(2).sum(-1).sqrt().squeeze(1).contiguous();  // [T]

  std::ofstream out("rollout.csv");
  out << "t,x_true,y_true,x_rk4,y_rk4,x_euler,y_euler,err\n";
  auto o = obs.accessor<float, 3>();
  auto s = smooth.accessor<float, 3>();
  auto e = rollout.accessor<float, 3>();
  const float* ep = err.data_ptr<float>();
  for (int64_t i = 0; i < ts.size(0); ++i) {
    out << t_host[i] << "," << o[i][0][0] << "," << o[i][0][1] << ","
        << s[i][0][0] << "," << s[i][0][1] << "," << e[i][0][0] << ","
        << e[i][0][1] << "," << ep[i] << "\n";
  }
  std::cout << "mean rollout error " << err.mean().item<float>() << "\n";
  return 0;
}
