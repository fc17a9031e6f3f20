#include "crowd_policy.h"

#include <cmath>
#include <iostream>
#include <random>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: forklift_sim POLICY.pt\n";
    return 2;
  }
  CrowdPolicy policy(argv[1], 6.0f);
  std::mt19937 rng(21);
  std::uniform_real_distribution<float> pos(0.0f, 60.0f);
  std::vector<Agent> fleet(48);
  for (Agent& a : fleet) {
    a.x = pos(rng);
    a.y = pos(rng);
    a.goal_x = pos(rng);
    a.goal_y = pos(rng);
  }
  const float dt = 0.1f;
  for (int tick = 0; tick < 3000; ++tick) {
    policy.step(fleet, dt);
    int arrived = 0, close_calls = 0;
    for (size_t i = 0; i < fleet.size(); ++i) {
      if (std::hypot(fleet[i].x - fleet[i].goal_x, fleet[i].y - fleet[i].goal_y) < 0.5f) ++arrived;
      for (size_t j = i + 1; j < fleet.size(); ++j) {
        if (std::hypot(fleet[i].x - fleet[j].x, fleet[i].y - fleet[j].y) < 1.0f) ++close_calls;
      }
    }
    if (tick % 100 == 0) {
      std::cout << "t=" << tick * dt << "s arrived " << arrived << "/" << fleet.size() << " close calls "
                << close_calls << "\n";
    }
  }
  return 0;
}
