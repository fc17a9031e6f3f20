#include "trainer.h"

int main() {
  TrainConfig cfg;
  if (torch::cuda::is_available())
    cfg.device = torch::Device(torch::kCUDA);
  Trainer trainer(cfg);
  trainer.step(torch::randn({4, 8}));
}
