#include <torch/torch.h>
#include <algorithm>
#include <iostream>
#include <random>
#include "agent.h"
#include "replay_buffer.h"

// A toy chain environment: move left or right, reward at the right end.
struct ChainEnv {
  int pos = 0;
  std::vector<float> obs() const {
    std::vector<float> o(8, 0.f);
    o[static_cast<size_t>(pos)] = 1.f;
    return o;
  }
  std::vector<float> reset() { pos = 0; return obs(); }
  bool step(int64_t action, float& reward) {
    pos = std::max(0, std::min(7, pos + (action == 1 ? 1 : -1)));
    reward = pos == 7 ? 1.f : -0.01f;
    return pos == 7;
  }
};

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::mt19937 rng(1);
  ChainEnv env;
  ReplayBuffer buffer(1000);
  DqnAgent agent(8, 2, device);

  auto state = env.reset();
  for (int t = 0; t < 400; ++t) {
    int64_t a = agent.act(state, 0.3, rng);
    float r = 0.f;
    bool done = env.step(a, r);
    auto next = env.obs();
    buffer.push({state, a, r, next, done});
    state = done ? env.reset() : next;
    if (buffer.size() >= 64) {
      double loss = agent.learn(buffer.sample(32, rng));  //@bug P03A torch-device-mismatch
      if (t % 100 == 0) std::cout << "t " << t << " loss " << loss << "\n";
    }
    if (t % 50 == 0) agent.sync_target();
  }
  return 0;
}
