#pragma once

#include <random>
#include <vector>

// Classic cart-pole dynamics (Barto, Sutton & Anderson 1983), same constants
// as gym's CartPole-v1.
class CartPole {
 public:
  explicit CartPole(unsigned seed);

  std::vector<float> reset();
  // Returns the new observation; sets reward and done.
  std::vector<float> step(int action, float& reward, bool& done);

 private:
  std::vector<float> observe() const;

  double x_ = 0, x_dot_ = 0, theta_ = 0, theta_dot_ = 0;
  int steps_ = 0;
  std::mt19937 rng_;
};
