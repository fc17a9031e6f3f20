#include "rollout.h"

torch::Tensor RolloutBuffer::discounted_returns(double gamma) const {
  std::vector<double> returns(rewards_.size());
  double running = 0.0;
  for (int64_t t = size() - 1; t >= 0; --t) {
    running = rewards_[t] + gamma * running * (1.0 - dones_[t]);
    returns[t] = running;
  }
  return torch::from_blob(returns.data(), {size()}).clone();  //@bug P06B torch-from-blob-dtype|torch-dtype-mismatch
}
