#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Ground-truth trajectory of the cubic spiral dy/dt = y^3 A, integrated in
// double precision with a fine Euler scheme and sampled on a uniform grid.
struct Trajectory {
  std::vector<double> times;   // [T]
  std::vector<double> states;  // [T * 2]
};

Trajectory make_spiral(int64_t samples, double t_end, double noise,
                       unsigned seed);

// Tensor views used for training (all host tensors):
torch::Tensor time_grid(const Trajectory& traj);     // [T] double
torch::Tensor observations(const Trajectory& traj);  // [T, 1, 2] float

// Random training windows: start indices, y0 [B, 2], targets [L, B, 2].
struct WindowBatch {
  torch::Tensor y0;
  torch::Tensor t;  // [L] double, relative times
  torch::Tensor y;
};
WindowBatch sample_windows(const torch::Tensor& ts, const torch::Tensor& obs,
                           int64_t batch, int64_t length);
