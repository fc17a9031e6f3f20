#include "schedule.h"

#include <vector>

NoiseSchedule make_linear_schedule(const DiffusionConfig& cfg) {
  NoiseSchedule s;
  s.betas = torch::linspace(cfg.beta_start, cfg.beta_end, cfg.timesteps,  //@bug P03A torch-factory-missing-device|torch-device-mismatch
                            torch::kFloat);
  s.alphas = 1.0 - s.betas;
  s.alphas_cumprod = torch::cumprod(s.alphas, 0);
  s.alphas_cumprod_prev =
      torch::cat({torch::ones({1}), s.alphas_cumprod.slice(0, 0, -1)});
  s.sqrt_recip_alphas = torch::rsqrt(s.alphas);
  s.sqrt_one_minus_alphas_cumprod = torch::sqrt(1.0 - s.alphas_cumprod);
  s.posterior_variance =
      s.betas * (1.0 - s.alphas_cumprod_prev) / (1.0 - s.alphas_cumprod);
  return s;
}

torch::Tensor extract(const torch::Tensor& a, const torch::Tensor& t,
                      int64_t ndim) {
  const int64_t batch = t.size(0);
  auto out = a.gather(0, t);  //@bug P03A torch-device-mismatch
  std::vector<int64_t> shape(ndim, 1);
  shape[0] = batch;
  return out.reshape(shape);
}
