// A helper that adds CPU noise to its input: a bug only if some caller passes
// it a tensor on a device, which train.cpp, another unit, does.
#include "utils.h"
torch::Tensor addNoise(torch::Tensor X) {
  torch::Tensor Noise = torch::randn({4});
  return X + Noise;
}
