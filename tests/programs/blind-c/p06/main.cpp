#include <torch/torch.h>

#include <iostream>
#include <string>

#include "agent.h"
#include "cartpole.h"
#include "config.h"

int main(int argc, char** argv) {
  AgentConfig cfg;
  bool prefer_gpu = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") prefer_gpu = false;
    if (arg == "--resume") cfg.resume = true;
  }
  torch::manual_seed(cfg.seed);
  const torch::Device device = select_device(prefer_gpu);

  CartPole env(cfg.seed);
  ReinforceAgent agent(cfg, device);

  double running_reward = 10.0;
  for (int64_t episode = 1; episode <= cfg.episodes; ++episode) {
    auto obs = env.reset();
    double ep_reward = 0.0;
    for (int64_t t = 0; t < cfg.max_steps; ++t) {
      const int action = agent.act(obs);
      float reward = 0.f;
      bool done = false;
      obs = env.step(action, reward, done);
      agent.record_reward(reward);
      ep_reward += reward;
      if (done) break;
    }
    running_reward = 0.05 * ep_reward + 0.95 * running_reward;
    const double loss = agent.finish_episode();
    if (episode % 20 == 0) {
      std::cout << "episode " << episode << "  reward " << ep_reward
                << "  running " << running_reward << "  loss " << loss
                << "\n";
    }
    if (running_reward > cfg.solved_reward) {
      std::cout << "solved after " << episode << " episodes\n";
      break;
    }
  }
  agent.save();
  auto probs = agent.action_probs(env.reset());
  std::cout << "p(left)=" << probs[0] << " p(right)=" << probs[1] << "\n";
  return 0;
}
