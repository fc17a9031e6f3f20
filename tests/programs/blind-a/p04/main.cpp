#include <torch/torch.h>
#include <iostream>
#include <vector>
#include "agent.h"
#include "config.h"

int main() {
  DdpgAgent agent(hp::kObsDim, hp::kActDim, hp::kMaxAction, kDevice);

  // Warm start from a scripted expert, then roll out with exploration noise.
  auto demo_obs = torch::randn({128, hp::kObsDim});
  auto demo_act = torch::tanh(demo_obs.narrow(1, 0, hp::kActDim)) * hp::kMaxAction;
  for (int it = 0; it < 20; ++it) {
    double loss = agent.behaviour_clone(demo_obs, demo_act);
    if (it % 5 == 0) std::cout << "bc " << it << " loss " << loss << "\n";
  }

  std::vector<float> obs(static_cast<size_t>(hp::kObsDim), 0.1f);
  for (int step = 0; step < 10; ++step) {
    auto a = agent.act(obs, /*explore=*/true);
    for (size_t i = 0; i < a.size(); ++i) obs[i] = 0.9f * obs[i] + 0.1f * a[i];
    std::cout << "step " << step << " a0 " << a[0] << "\n";
  }
  return 0;
}
