#include "encoding.h"

torch::Tensor alibi_slopes(int64_t heads) {
  // Powers of two are computed in double precision so that deep stacks with
  // many heads keep distinct slopes.
  auto h = torch::arange(1, heads + 1, torch::kFloat64);  //@bug P08B torch-dtype-mismatch
  return torch::pow(2.0, -8.0 * h / static_cast<double>(heads)).view({heads, 1, 1});
}

torch::Tensor relative_distance(int64_t len) {
  auto pos = torch::arange(len);  //@bug P08A torch-factory-missing-device|torch-device-mismatch
  return (pos.view({1, len}) - pos.view({len, 1})).abs().neg();
}
