#include "losses.h"

torch::Tensor bivariate_nll(const torch::Tensor& params, const torch::Tensor& target) {
  constexpr double kLogTwoPi = 1.8378770664093453;
  auto mu = params.slice(2, 0, 2);
  auto log_sigma = params.slice(2, 2, 4).clamp(-4.0, 4.0);
  auto rho = torch::tanh(params.select(2, 4)) * 0.95;
  auto z = (target - mu) / log_sigma.exp();
  auto zx = z.select(2, 0), zy = z.select(2, 1);
  auto one_minus_rho2 = 1.0 - rho * rho;
  auto nll = (zx * zx + zy * zy - 2.0 * rho * zx * zy) / (2.0 * one_minus_rho2) +
             log_sigma.sum(2) + 0.5 * torch::log(one_minus_rho2) + kLogTwoPi;
  return nll.mean();
}

std::pair<double, double> ade_fde(const torch::Tensor& pred, const torch::Tensor& truth) {
  auto dist = (pred - truth).square().sum(2).sqrt();  // [B, T]
  return {dist.mean().item<double>(), dist.select(1, dist.size(1) - 1).mean().item<double>()};
}
