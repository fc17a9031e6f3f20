#include "hover_env.h"

#include <algorithm>
#include <cmath>

HoverEnv::HoverEnv(unsigned seed) : rng_(seed) {}

std::vector<double> HoverEnv::reset() {
  std::uniform_real_distribution<double> alt(2.0, 18.0);
  std::uniform_real_distribution<double> tgt(5.0, 15.0);
  altitude_ = alt(rng_);
  target_ = tgt(rng_);
  velocity_ = 0.0;
  battery_ = 1.0;
  wind_ = 0.0;
  t_ = 0;
  return observe();
}

std::vector<double> HoverEnv::observe() const {
  return {(altitude_ - target_) / 10.0, velocity_ / 5.0, battery_, wind_ / 3.0,
          static_cast<double>(t_) / 400.0};
}

HoverEnv::Step HoverEnv::step(int64_t action) {
  static const double kThrust[kNumActions] = {0.0, 7.0, 9.81, 12.5, 16.0};
  std::normal_distribution<double> gust(0.0, 0.4);
  const double dt = 0.05;
  wind_ = 0.95 * wind_ + gust(rng_);
  const double accel = kThrust[action] - 9.81 + wind_;
  velocity_ += accel * dt;
  altitude_ = std::max(0.0, altitude_ + velocity_ * dt);
  battery_ -= 0.0004 * kThrust[action] * dt;
  ++t_;

  const double err = std::abs(altitude_ - target_);
  double reward = 1.0 - 0.1 * err - 0.01 * std::abs(velocity_);
  bool done = false;
  if (altitude_ <= 0.0 || battery_ <= 0.0) {
    reward -= 20.0;
    done = true;
  }
  return {observe(), reward, done || t_ >= 400};
}
