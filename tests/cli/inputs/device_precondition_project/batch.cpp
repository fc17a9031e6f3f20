#include "batch.h"

// The images are made on the caller's device, the ids on the CPU.
Batch make_batch(int64_t n, torch::Device device) {
  Batch b;
  b.images = torch::randn({n, 4}, device);
  b.ids = torch::arange(n) % 2;
  return b;
}
