#pragma once

#include <algorithm>
#include <array>
#include <random>

// Single-SKU warehouse restocking: observe stock level, pipeline orders and the
// last week's demand; choose an order size from {0, 5, 10, 20, 40}.
class RestockEnv {
 public:
  static constexpr int kObsDim = 6;
  static constexpr int kActions = 5;

  explicit RestockEnv(unsigned seed) : rng_(seed) {}

  std::array<float, kObsDim> reset() {
    stock_ = 30.0f;
    pipeline_ = {0.0f, 0.0f};
    last_demand_ = {10.0f, 10.0f, 10.0f};
    day_ = 0;
    return observe();
  }

  // Returns the reward; sets done at the end of the 90-day season.
  float step(int action, bool& done) {
    static const float kOrder[kActions] = {0.0f, 5.0f, 10.0f, 20.0f, 40.0f};
    stock_ += pipeline_[0];
    pipeline_[0] = pipeline_[1];
    pipeline_[1] = kOrder[action];
    const float demand = static_cast<float>(demand_(rng_));
    const float sold = std::min(stock_, demand);
    stock_ -= sold;
    last_demand_ = {last_demand_[1], last_demand_[2], demand};
    done = ++day_ >= 90;
    return 2.0f * sold - 0.1f * stock_ - 4.0f * (demand - sold) - 0.5f * kOrder[action];
  }

  std::array<float, kObsDim> observe() const {
    return {stock_ / 50.0f, pipeline_[0] / 40.0f, pipeline_[1] / 40.0f,
            last_demand_[0] / 20.0f, last_demand_[1] / 20.0f, last_demand_[2] / 20.0f};
  }

 private:
  std::mt19937 rng_;
  std::poisson_distribution<int> demand_{12.0};
  float stock_ = 0.0f;
  std::array<float, 2> pipeline_{};
  std::array<float, 3> last_demand_{};
  int day_ = 0;
};
