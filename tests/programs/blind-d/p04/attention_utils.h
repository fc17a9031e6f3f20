#pragma once

#include <torch/torch.h>

#include <cstdint>

// Boolean [T, T] mask that is true where position t would attend to a later
// position (the entries to hide).
torch::Tensor causal_mask(int64_t T);

// Linear warm-up followed by cosine decay to 10% of the base rate.
double lr_at(int64_t step, int64_t warmup, int64_t total, double base_lr);
