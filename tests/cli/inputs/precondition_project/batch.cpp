#include "batch.h"

#include <vector>

Batch make_batch(int64_t n) {
  std::vector<int32_t> raw(static_cast<size_t>(n), 1);
  Batch b;
  b.images = torch::randn({n, 4});
  b.labels = torch::from_blob(raw.data(), {n}, torch::kInt32).clone();
  return b;
}
