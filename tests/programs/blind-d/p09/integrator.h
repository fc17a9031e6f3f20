#pragma once

#include <torch/torch.h>

#include <vector>

#include "ode_func.h"

// Explicit single-step schemes. `h` is a 0-dim (double) step size.
struct EulerStep {
  torch::Tensor operator()(ODEFunc& f, const torch::Tensor& y,
                           const torch::Tensor& h) const {
    return y + h * f->forward(y);
  }
};

struct Rk4Step {
  torch::Tensor operator()(ODEFunc& f, const torch::Tensor& y,
                           const torch::Tensor& h) const;
};

// Integrates y0 over the time grid ts with a fixed-step scheme and returns the
// states at every grid point: [T, ...y0.sizes()].
template <typename Step>
class FixedGridSolver {
 public:
  explicit FixedGridSolver(Step step = Step()) : step_(step) {}

  torch::Tensor solve(ODEFunc& f, const torch::Tensor& y0,
                      const torch::Tensor& ts) const {
    std::vector<torch::Tensor> states{y0};
    auto y = y0;
    for (int64_t i = 0; i + 1 < ts.size(0); ++i) {
      auto h = ts[i + 1] - ts[i];
      y = step_(f, y, h);
      states.push_back(y);
    }
    return torch::stack(states);
  }

 private:
  Step step_;
};
