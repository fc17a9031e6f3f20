#include "market.h"

#include <cmath>
#include <random>

std::vector<double> synthetic_prices(int64_t days, double drift, double vol, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> shock(0.0, 1.0);
  std::vector<double> prices{100.0};
  for (int64_t d = 1; d < days; ++d)
    prices.push_back(prices.back() * std::exp(drift - 0.5 * vol * vol + vol * shock(rng)));
  return prices;
}

ReturnWindows::ReturnWindows(const std::vector<double>& prices, int64_t window) {
  auto p = torch::from_blob(const_cast<double*>(prices.data()),
                            {static_cast<int64_t>(prices.size())}, torch::kFloat64);
  auto log_returns = (p.slice(0, 1) / p.slice(0, 0, -1)).log().to(torch::kFloat) * 100.0;
  const int64_t n = log_returns.size(0) - window;
  windows_ = log_returns.unfold(0, window, 1).slice(0, 0, n).unsqueeze(-1).contiguous();
  targets_ = log_returns.slice(0, window).unsqueeze(-1).contiguous();
}

torch::data::Example<> ReturnWindows::get(size_t index) {
  return {windows_[index], targets_[index]};
}

torch::optional<size_t> ReturnWindows::size() const {
  return static_cast<size_t>(windows_.size(0));
}

std::tuple<torch::Tensor, torch::Tensor> zero_state(int64_t layers, int64_t batch, int64_t hidden,
                                                   torch::Device device) {
  auto opts = torch::TensorOptions().dtype(torch::kFloat).device(device);
  return {torch::zeros({layers, batch, hidden}, opts), torch::zeros({layers, batch, hidden}, opts)};
}

torch::Tensor volatility_weights(const torch::Tensor& targets) {
  // Down-weight the largest moves so that a few crash days do not dominate.
  return 1.0 / (1.0 + targets.abs());
}
