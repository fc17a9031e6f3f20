#include "weights.h"

torch::Tensor class_weights(int64_t n) { return torch::ones({n}) / n; }
