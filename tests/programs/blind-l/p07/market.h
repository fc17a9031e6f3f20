#pragma once

#include <torch/torch.h>

#include <tuple>
#include <vector>

std::vector<double> synthetic_prices(int64_t days, double drift, double vol, uint64_t seed);

class ReturnWindows : public torch::data::datasets::Dataset<ReturnWindows> {
 public:
  ReturnWindows(const std::vector<double>& prices, int64_t window);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;
  const torch::Tensor& targets() const { return targets_; }

 private:
  torch::Tensor windows_;  // [N, window, 1]
  torch::Tensor targets_;  // [N, 1]
};

std::tuple<torch::Tensor, torch::Tensor> zero_state(int64_t layers, int64_t batch, int64_t hidden,
                                                   torch::Device device);
torch::Tensor volatility_weights(const torch::Tensor& targets);
