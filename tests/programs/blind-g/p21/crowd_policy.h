#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

// One autonomous forklift in the warehouse simulation.
struct Agent {
  float x = 0.0f, y = 0.0f;    // metres
  float vx = 0.0f, vy = 0.0f;  // metres per second
  float goal_x = 0.0f, goal_y = 0.0f;

  void apply(float ax, float ay, float dt) {
    vx += ax * dt;
    vy += ay * dt;
    x += vx * dt;
    y += vy * dt;
  }
};

// Graph-attention policy shared by all forklifts: each agent attends to the
// agents within `radius` metres (adjacency mask [N, N]) and outputs an
// acceleration [N, 2].
class CrowdPolicy {
 public:
  CrowdPolicy(const std::string& model_path, float radius);
  void step(std::vector<Agent>& agents, float dt);

 private:
  torch::Tensor features(const std::vector<Agent>& agents) const;

  torch::Device device_;
  torch::jit::script::Module policy_;
  float radius_;
};
