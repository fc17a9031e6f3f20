#include "gpu.h"

torch::Tensor forward(const torch::Tensor &x) { return toGpu(x) * 2; }
