#pragma once

#include <torch/torch.h>

/// Equal weights for n classes.
torch::Tensor class_weights(int64_t n);
