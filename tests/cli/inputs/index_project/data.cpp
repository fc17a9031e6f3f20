#include "data.h"

torch::Tensor load_labels(std::vector<int32_t> &raw) {
  return torch::from_blob(raw.data(), {static_cast<int64_t>(raw.size())},
                          torch::kInt32)
      .clone();
}

torch::Tensor feature_mean(const torch::Tensor &x) {
  return x.mean(0).to(torch::kDouble);
}

torch::Tensor standardised(const torch::Tensor &x) {
  return (x - x.mean()) / x.std();
}
