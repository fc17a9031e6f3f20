#include "sampler.h"

#include <cmath>

NegativeSampler::NegativeSampler(const std::vector<int64_t>& counts, double power) {
  std::vector<double> w;
  double z = 0.0;
  for (int64_t c : counts) {
    w.push_back(std::pow(static_cast<double>(c), power));
    z += w.back();
  }
  for (auto& v : w) v /= z;
  probs_ = torch::tensor(w);  // default dtype: Float
}

torch::Tensor NegativeSampler::sample(int64_t n, int64_t k) const {
  return torch::multinomial(probs_, n * k, /*replacement=*/true).view({n, k});
}
