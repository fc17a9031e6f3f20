#include "trainer.h"

// A CPU-only tool: nothing sets the configuration's device, so it stays the
// CPU default and the labels meet the model there.
int main() {
  TrainConfig cfg;
  cfg.batch_size = 4;
  Trainer trainer(cfg);
  trainer.step(torch::randn({4, 8}));
}
