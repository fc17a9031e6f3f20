#include "attention_utils.h"

#include <algorithm>
#include <cmath>

torch::Tensor causal_mask(int64_t T) {
  return torch::ones({T, T}, torch::kBool).triu(1);  //@bug P04A torch-device-mismatch|torch-factory-missing-device
}

double lr_at(int64_t step, int64_t warmup, int64_t total, double base_lr) {
  if (step < warmup) {
    return base_lr * static_cast<double>(step + 1) / static_cast<double>(warmup);
  }
  const double progress =
      static_cast<double>(step - warmup) / static_cast<double>(total - warmup);
  const double cosine = 0.5 * (1.0 + std::cos(M_PI * std::min(1.0, progress)));
  return base_lr * (0.1 + 0.9 * cosine);
}
