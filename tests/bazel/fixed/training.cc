// training.cc - the labels, created on the device they are used on.
#include <torch/torch.h>

#include "example/training.h"

#ifndef EXAMPLE_LOCAL_CHECK
#error "EXAMPLE_LOCAL_CHECK comes from the local_defines of //fixed:training"
#endif

namespace example {

torch::Tensor make_labels(const torch::Device &device) {
  return torch::tensor({0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2},
                       torch::TensorOptions().dtype(torch::kLong).device(device));
}

} // namespace example
