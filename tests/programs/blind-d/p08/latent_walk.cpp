#include "latent_walk.h"

torch::Tensor slerp_walk(int64_t steps, int64_t latent, torch::Device device) {
  // acos/sin of nearly parallel vectors lose precision in float, so the walk
  // is computed in double
  auto opts = torch::TensorOptions().dtype(torch::kFloat64).device(device);  //@bug P08B torch-dtype-mismatch
  auto a = torch::randn({latent}, opts);  //@bug P08B torch-dtype-mismatch
  auto b = torch::randn({latent}, opts);  //@bug P08B torch-dtype-mismatch
  auto cos_omega = (a / a.norm()).dot(b / b.norm()).clamp(-1.0, 1.0);
  auto omega = torch::acos(cos_omega);
  auto t = torch::linspace(0.0, 1.0, steps, opts).unsqueeze(1);  //@bug P08B torch-dtype-mismatch
  auto so = torch::sin(omega);
  return torch::sin((1.0 - t) * omega) / so * a +  //@bug P08B torch-dtype-mismatch
         torch::sin(t * omega) / so * b;
}

torch::Tensor tile_digits(const torch::Tensor& images, int64_t per_row) {
  const int64_t n = images.size(0);
  const int64_t rows = (n + per_row - 1) / per_row;
  auto canvas = torch::zeros({rows * 28, per_row * 28}, torch::kUInt8);
  auto px = images.detach().cpu().mul(255.0).clamp(0, 255).to(torch::kUInt8)
                .view({n, 28, 28});
  for (int64_t i = 0; i < n; ++i) {
    const int64_t r = i / per_row;
    const int64_t c = i % per_row;
    canvas.narrow(0, r * 28, 28).narrow(1, c * 28, 28).copy_(px[i]);
  }
  return canvas;
}
