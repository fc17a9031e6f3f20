#pragma once

#include <cmath>
#include <random>

// One simulated office floor: a first-order thermal model with occupancy and
// outdoor temperature; the agent picks a heating/cooling level in {-2..2}.
class BuildingEnv {
 public:
  static constexpr int kObsDim = 5;
  static constexpr int kActions = 5;

  explicit BuildingEnv(unsigned seed) : rng_(seed) { reset(); }

  void reset() {
    std::uniform_real_distribution<float> t0(16.0f, 26.0f);
    indoor_ = t0(rng_);
    hour_ = 0;
  }

  void observe(float* obs) const {
    obs[0] = (indoor_ - 21.0f) / 5.0f;
    obs[1] = (outdoor() - 10.0f) / 10.0f;
    obs[2] = occupied() ? 1.0f : 0.0f;
    obs[3] = static_cast<float>(hour_ % 24) / 24.0f;
    obs[4] = static_cast<float>(hour_) / kHorizon;
  }

  float step(int64_t action) {
    const float power = static_cast<float>(action - 2);
    indoor_ += 0.1f * (outdoor() - indoor_) + 0.8f * power + noise_(rng_);
    ++hour_;
    const float discomfort = occupied() ? std::abs(indoor_ - 21.5f) : 0.0f;
    if (hour_ >= kHorizon) reset();
    return -discomfort - 0.3f * std::abs(power);
  }

 private:
  static constexpr int kHorizon = 24 * 7;
  bool occupied() const { return hour_ % 24 >= 8 && hour_ % 24 < 18 && (hour_ / 24) % 7 < 5; }
  float outdoor() const { return 8.0f + 6.0f * static_cast<float>((hour_ % 24) - 12) / 12.0f; }

  std::mt19937 rng_;
  std::normal_distribution<float> noise_{0.0f, 0.1f};
  float indoor_ = 21.0f;
  int hour_ = 0;
};
