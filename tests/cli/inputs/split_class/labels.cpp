// The labels are made here, on the CPU; the trainer that uses them is in
// train.cpp.
#include "trainer.h"

torch::Tensor Trainer::makeLabels(int64_t N) const {
  return torch::randint(0, 10, {N}, torch::kLong);
}
