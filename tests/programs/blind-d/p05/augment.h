#pragma once

#include <torch/torch.h>

#include <cmath>

// Random rotation about the up axis, anisotropic scaling and clipped jitter,
// applied to a batch on whatever device the batch lives on.
template <typename Scalar>
class RandomAugment {
 public:
  RandomAugment(Scalar sigma, Scalar clip, Scalar scale_lo, Scalar scale_hi)
      : sigma_(sigma), clip_(clip), scale_lo_(scale_lo), scale_hi_(scale_hi) {}

  torch::Tensor operator()(const torch::Tensor& points) const {
    const int64_t B = points.size(0);
    const auto opts = points.options();
    auto theta = torch::rand({B}, opts) * (2.0 * M_PI);
    auto c = torch::cos(theta);
    auto s = torch::sin(theta);
    auto zero = torch::zeros_like(theta);
    auto one = torch::ones_like(theta);
    auto rot = torch::stack({c, zero, s, zero, one, zero, -s, zero, c}, 1)
                   .view({B, 3, 3});
    auto scale = torch::empty({B, 1, 3}, opts).uniform_(scale_lo_, scale_hi_);
    auto jitter =
        (torch::randn(points.sizes(), opts) * sigma_).clamp(-clip_, clip_);
    return torch::bmm(points, rot.transpose(1, 2)) * scale + jitter;
  }

 private:
  Scalar sigma_;
  Scalar clip_;
  Scalar scale_lo_;
  Scalar scale_hi_;
};
