#include "gpu.h"

torch::Tensor loss(const torch::Tensor &x) { return toGpu(x).sum(); }
