#include "cartpole.h"

#include <cmath>

namespace {
constexpr double kGravity = 9.8;
constexpr double kMassCart = 1.0;
constexpr double kMassPole = 0.1;
constexpr double kTotalMass = kMassCart + kMassPole;
constexpr double kHalfLength = 0.5;
constexpr double kPoleMassLength = kMassPole * kHalfLength;
constexpr double kForceMag = 10.0;
constexpr double kTau = 0.02;
constexpr double kThetaLimit = 12.0 * 2.0 * M_PI / 360.0;
constexpr double kXLimit = 2.4;
constexpr int kMaxSteps = 500;
}  // namespace

CartPole::CartPole(unsigned seed) : rng_(seed) {}

std::vector<float> CartPole::observe() const {
  return {static_cast<float>(x_), static_cast<float>(x_dot_),
          static_cast<float>(theta_), static_cast<float>(theta_dot_)};
}

std::vector<float> CartPole::reset() {
  std::uniform_real_distribution<double> u(-0.05, 0.05);
  x_ = u(rng_);
  x_dot_ = u(rng_);
  theta_ = u(rng_);
  theta_dot_ = u(rng_);
  steps_ = 0;
  return observe();
}

std::vector<float> CartPole::step(int action, float& reward, bool& done) {
  const double force = action == 1 ? kForceMag : -kForceMag;
  const double cos_t = std::cos(theta_);
  const double sin_t = std::sin(theta_);
  const double temp =
      (force + kPoleMassLength * theta_dot_ * theta_dot_ * sin_t) / kTotalMass;
  const double theta_acc =
      (kGravity * sin_t - cos_t * temp) /
      (kHalfLength * (4.0 / 3.0 - kMassPole * cos_t * cos_t / kTotalMass));
  const double x_acc = temp - kPoleMassLength * theta_acc * cos_t / kTotalMass;

  x_ += kTau * x_dot_;
  x_dot_ += kTau * x_acc;
  theta_ += kTau * theta_dot_;
  theta_dot_ += kTau * theta_acc;
  ++steps_;

  done = std::abs(x_) > kXLimit || std::abs(theta_) > kThetaLimit ||
         steps_ >= kMaxSteps;
  reward = 1.0f;
  return observe();
}
