#include "torch/augment.h"

#include "Trainer.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Trainer trainer(device);
  auto images = jitter(torch::randn({8, 16}), device);
  trainer.step(images);
}
