// Clean: every tensor that meets the device tensors is on the device, a 0-dim CPU scalar, or a CPU index.
#include <torch/torch.h>
#include <iostream>
#include "agent.h"
#include "config.h"

int main() {
  Config cfg = make_config();
  A2CAgent agent(cfg);
  auto state = torch::zeros({cfg.obs_dim});
  for (int iter = 0; iter < 5; ++iter) {
    for (int64_t t = 0; t < cfg.rollout_len; ++t) {
      int64_t a = agent.act(state, t);
      state = torch::roll(state, a + 1);
      state[0] = static_cast<float>(t % 4) / 4.f;
      agent.record(t, a == 2 ? 1.0 : 0.0);
    }
    agent.compute_returns();
    std::cout << "iter " << iter << " loss " << agent.update() << "\n";
  }
  agent.print_policy(torch::eye(cfg.obs_dim));
  return 0;
}
