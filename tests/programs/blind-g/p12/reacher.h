#pragma once

#include <cmath>
#include <random>

// Planar two-link arm that must put its fingertip on a target.
class Reacher {
 public:
  static constexpr int kObsDim = 8;
  static constexpr int kActDim = 2;

  explicit Reacher(unsigned seed) : rng_(seed) { reset(); }

  void reset() {
    std::uniform_real_distribution<float> angle(-3.14f, 3.14f), radius(0.05f, 0.2f);
    q_[0] = angle(rng_);
    q_[1] = angle(rng_);
    dq_[0] = dq_[1] = 0.0f;
    const float a = angle(rng_), r = radius(rng_);
    target_[0] = r * std::cos(a);
    target_[1] = r * std::sin(a);
    t_ = 0;
  }

  void observe(float* obs) const {
    const float tip_x = 0.1f * std::cos(q_[0]) + 0.11f * std::cos(q_[0] + q_[1]);
    const float tip_y = 0.1f * std::sin(q_[0]) + 0.11f * std::sin(q_[0] + q_[1]);
    obs[0] = std::cos(q_[0]); obs[1] = std::cos(q_[1]);
    obs[2] = std::sin(q_[0]); obs[3] = std::sin(q_[1]);
    obs[4] = dq_[0];          obs[5] = dq_[1];
    obs[6] = tip_x - target_[0];
    obs[7] = tip_y - target_[1];
  }

  // Torques in [-1, 1]; returns the reward and sets done after 50 steps.
  float step(const float* torque, bool& done) {
    for (int j = 0; j < 2; ++j) {
      dq_[j] = 0.95f * dq_[j] + 0.05f * torque[j];
      q_[j] += 0.05f * dq_[j];
    }
    float obs[kObsDim];
    observe(obs);
    done = ++t_ >= 50;
    return -std::sqrt(obs[6] * obs[6] + obs[7] * obs[7]) - 0.01f * (torque[0] * torque[0] + torque[1] * torque[1]);
  }

 private:
  std::mt19937 rng_;
  float q_[2] = {0.0f, 0.0f}, dq_[2] = {0.0f, 0.0f}, target_[2] = {0.0f, 0.0f};
  int t_ = 0;
};
