#include "trainer.h"

namespace F = torch::nn::functional;

torch::Tensor nt_xent(const torch::Tensor& z1, const torch::Tensor& z2,
                      double temperature) {
  const int64_t B = z1.size(0);
  auto z = F::normalize(torch::cat({z1, z2}, 0), F::NormalizeFuncOptions().dim(1));
  auto sim = torch::matmul(z, z.t()) / temperature;  // [2B, 2B]
  auto self = torch::eye(2 * B, torch::TensorOptions()
                                    .dtype(torch::kBool)
                                    .device(sim.device()));
  sim = sim.masked_fill(self, -1e9);
  // row i's positive is i + B for the first half and i - B for the second
  auto targets = torch::cat({torch::arange(B, 2 * B), torch::arange(0, B)});  //@bug P09A torch-factory-missing-device|torch-device-mismatch
  return F::cross_entropy(sim, targets);  //@bug P09A torch-device-mismatch
}
