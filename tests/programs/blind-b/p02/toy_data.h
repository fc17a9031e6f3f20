#pragma once

#include <torch/torch.h>

#include <cmath>

// Mixture of eight Gaussians arranged on a ring -- the classic toy target for
// WGAN-GP. Samples are generated on the host.
class RingOfGaussians {
 public:
  RingOfGaussians(int64_t modes = 8, double radius = 2.0, double stddev = 0.02)
      : modes_(modes), radius_(radius), stddev_(stddev) {
    auto angles = torch::arange(modes_, torch::kFloat) * (2.0 * M_PI / modes_);
    centers_ = torch::stack({torch::cos(angles), torch::sin(angles)}, 1) * radius_;
  }

  torch::Tensor sample(int64_t n) const {
    auto which = torch::randint(modes_, {n}, torch::kLong);
    return centers_.index_select(0, which) + torch::randn({n, 2}) * stddev_;
  }

 private:
  int64_t modes_;
  double radius_;
  double stddev_;
  torch::Tensor centers_;
};
