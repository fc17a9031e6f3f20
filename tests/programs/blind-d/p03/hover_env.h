#pragma once

#include <cstdint>
#include <random>
#include <vector>

// One-dimensional hover task: keep the drone at the target altitude with as
// little battery as possible while gusts push it around. Physics in double.
class HoverEnv {
 public:
  explicit HoverEnv(unsigned seed);

  std::vector<double> reset();
  // returns {next_state, reward, done}
  struct Step {
    std::vector<double> state;
    double reward;
    bool done;
  };
  Step step(int64_t action);

  static constexpr int64_t kStateDim = 5;
  static constexpr int64_t kNumActions = 5;

 private:
  std::vector<double> observe() const;

  double altitude_ = 0.0;
  double velocity_ = 0.0;
  double battery_ = 1.0;
  double wind_ = 0.0;
  double target_ = 10.0;
  int64_t t_ = 0;
  std::mt19937 rng_;
};
