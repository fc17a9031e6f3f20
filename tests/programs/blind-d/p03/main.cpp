#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "dqn_agent.h"
#include "hover_env.h"

int main(int argc, char** argv) {
  RunOptions run;
  const bool use_gpu = !(argc > 1 && std::string(argv[1]) == "--cpu");
  run.device = (use_gpu && torch::cuda::is_available()) ? torch::kCUDA
                                                         : torch::kCPU;
  torch::manual_seed(run.dqn.seed);

  HoverEnv env(run.dqn.seed);
  DqnAgent agent(run.dqn, run.device);

  double best_return = -1e9;
  for (int64_t episode = 1; episode <= run.dqn.episodes; ++episode) {
    auto state = env.reset();
    double ret = 0.0;
    double loss_sum = 0.0;
    int64_t steps = 0;
    for (; steps < run.dqn.max_steps; ++steps) {
      const int64_t action = agent.act(state, agent.epsilon());
      auto step = env.step(action);
      agent.remember({state, action, static_cast<float>(step.reward),
                      step.state, step.done});
      loss_sum += agent.learn();
      ret += step.reward;
      state = std::move(step.state);
      if (step.done) break;
    }
    if (episode % 10 == 0) {
      std::cout << "episode " << episode << " return " << ret << " loss "
                << loss_sum / std::max<int64_t>(1, steps) << " eps "
                << agent.epsilon() << "\n";
    }
    if (ret > best_return) {
      best_return = ret;
      agent.save();
    }
  }
  return 0;
}
