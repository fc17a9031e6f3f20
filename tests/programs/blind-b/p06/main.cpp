#include <torch/torch.h>

#include <iostream>
#include <random>

#include "ppo_agent.h"
#include "ppo_config.h"
#include "rollout.h"

namespace {

// Stand-in for the simulator bridge: returns random observations and a reward
// that favours action 0.
struct FakeSim {
  std::mt19937 rng{3};
  torch::Tensor observe(int64_t obs_dim) { return torch::randn({obs_dim}); }
  double reward(int64_t action) {
    std::normal_distribution<double> noise(0.0, 0.1);
    return (action == 0 ? 1.0 : 0.0) + noise(rng);
  }
};

}  // namespace

int main() {
  PPOConfig cfg;
  PPOAgent agent(cfg);
  FakeSim sim;
  RolloutBuffer rollout;

  for (int iteration = 0; iteration < 100; ++iteration) {
    double total = 0.0;
    for (int64_t t = 0; t < cfg.rollout_length; ++t) {
      auto obs = sim.observe(cfg.obs_dim);
      const int64_t action = agent.step(obs, rollout);
      const double reward = sim.reward(action);
      rollout.record_outcome(reward, /*done=*/(t + 1) % 256 == 0);
      total += reward;
    }
    agent.update(rollout);
    std::cout << "iteration " << iteration << " mean reward "
              << total / cfg.rollout_length << std::endl;
  }
  return 0;
}
