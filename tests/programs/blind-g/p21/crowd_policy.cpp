#include "crowd_policy.h"

#include <cmath>

CrowdPolicy::CrowdPolicy(const std::string& model_path, float radius)
    : device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU), radius_(radius) {
  policy_ = torch::jit::load(model_path);
  policy_.to(device_);
  policy_.eval();
}

torch::Tensor CrowdPolicy::features(const std::vector<Agent>& agents) const {
  std::vector<float> f;
  f.reserve(agents.size() * 6);
  for (const Agent& a : agents) {
    f.insert(f.end(), {a.x, a.y, a.vx, a.vy, a.goal_x - a.x, a.goal_y - a.y});
  }
  return torch::tensor(f).view({static_cast<int64_t>(agents.size()), 6}).to(device_);
}

void CrowdPolicy::step(std::vector<Agent>& agents, float dt) {
  torch::NoGradGuard no_grad;
  const int64_t n = static_cast<int64_t>(agents.size());
  torch::Tensor adj = torch::zeros({n, n}, torch::TensorOptions().dtype(torch::kFloat32).device(device_));
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      const Agent& a = agents[static_cast<size_t>(i)];
      const Agent& b = agents[static_cast<size_t>(j)];
      if (i != j && std::hypot(a.x - b.x, a.y - b.y) < radius_) {
        adj[i][j] = 1.0f;  //@bug P21A torch-device-access-in-loop
      }
    }
  }
  torch::Tensor accel = policy_.forward({features(agents), adj}).toTensor().clamp(-2.0, 2.0);  // [N, 2]
  for (int64_t i = 0; i < n; ++i) {
    agents[static_cast<size_t>(i)].apply(accel[i][0].item<float>(), accel[i][1].item<float>(), dt);  //@bug P21B torch-device-access-in-loop
  }
}
