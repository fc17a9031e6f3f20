#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>

#include "config.h"
#include "dqn_agent.h"
#include "replay_buffer.h"

namespace {

// Small continuous "reach the goal" task: the agent moves a point on a plane
// towards a randomly placed goal.
class ReachEnv {
 public:
  explicit ReachEnv(unsigned seed) : rng_(seed) {}

  std::vector<float> reset() {
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    x_ = u(rng_);
    y_ = u(rng_);
    gx_ = u(rng_);
    gy_ = u(rng_);
    steps_ = 0;
    return observe();
  }

  std::vector<float> step(int64_t action, float& reward, bool& done) {
    static const float dx[4] = {0.05f, -0.05f, 0.f, 0.f};
    static const float dy[4] = {0.f, 0.f, 0.05f, -0.05f};
    x_ = std::clamp(x_ + dx[action], -1.f, 1.f);
    y_ = std::clamp(y_ + dy[action], -1.f, 1.f);
    const float dist = std::hypot(gx_ - x_, gy_ - y_);
    reward = -dist;
    ++steps_;
    done = dist < 0.05f || steps_ >= 200;
    if (dist < 0.05f) reward += 10.f;
    return observe();
  }

 private:
  std::vector<float> observe() const {
    return {x_, y_, gx_, gy_, gx_ - x_, gy_ - y_};
  }

  std::mt19937 rng_;
  float x_ = 0, y_ = 0, gx_ = 0, gy_ = 0;
  int steps_ = 0;
};

double epsilon_at(const DQNConfig& cfg, int64_t step) {
  const double frac =
      std::min(1.0, static_cast<double>(step) / cfg.eps_decay_steps);
  return cfg.eps_start + frac * (cfg.eps_end - cfg.eps_start);
}

}  // namespace

int main() {
  DQNConfig cfg;
  torch::manual_seed(0);
  const torch::Device device = pick_device();
  std::cout << "Training on " << device << std::endl;

  ReachEnv env(42);
  ReplayBuffer buffer(cfg.buffer_capacity);
  DQNAgent agent(cfg, device);

  auto state = env.reset();
  double episode_return = 0.0;
  int episode = 0;
  for (int64_t step = 0; step < cfg.total_steps; ++step) {
    const int64_t action = agent.act(state, epsilon_at(cfg, step));
    float reward = 0.f;
    bool done = false;
    auto next_state = env.step(action, reward, done);
    buffer.push({state, action, reward, next_state, done});
    episode_return += reward;
    state = done ? env.reset() : next_state;

    if (done) {
      if (++episode % 20 == 0) {
        std::cout << "episode " << episode << " return " << episode_return
                  << std::endl;
      }
      episode_return = 0.0;
    }

    if (step >= static_cast<int64_t>(cfg.warmup_steps) &&
        buffer.ready(cfg.batch_size)) {
      const float loss = agent.learn(buffer);
      if (step % 5000 == 0) {
        std::cout << "step " << step << " loss " << loss << std::endl;
      }
    }
  }

  agent.save(cfg.checkpoint_path);
  return 0;
}
