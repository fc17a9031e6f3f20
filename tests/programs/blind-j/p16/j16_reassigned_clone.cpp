// Silent: the from_blob tensor is reassigned to its clone before it is returned, and in cache_rollout it leaves only through .clone() (the other path just reads it).
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace replay {

torch::Tensor discounted_returns(const std::vector<float>& rewards, float gamma) {
  std::vector<float> ret(rewards.size());
  float running = 0.0f;
  for (size_t i = rewards.size(); i-- > 0;) {
    running = rewards[i] + gamma * running;
    ret[i] = running;
  }
  torch::Tensor returns = torch::from_blob(ret.data(), {static_cast<int64_t>(ret.size())});
  returns = returns.clone();
  return returns;
}

bool cache_rollout(const std::vector<double>& values, bool keep, torch::Tensor& cache) {
  std::vector<float> tmp(values.begin(), values.end());
  torch::Tensor v = at::from_blob(tmp.data(), {static_cast<int64_t>(tmp.size())}, at::kFloat);
  if (keep) {
    cache = v.clone();
  }
  return v.abs().max().item<float>() < 100.0f;
}

}  // namespace replay

int main() {
  std::vector<float> rewards = {0.f, 0.f, 1.f, 0.f, 1.f};
  auto g = replay::discounted_returns(rewards, 0.99f);
  torch::Tensor cache;
  bool ok = replay::cache_rollout({0.5, 0.25, -0.1}, true, cache);
  std::cout << g << "\n" << ok << " " << cache.sizes() << std::endl;
  return 0;
}
