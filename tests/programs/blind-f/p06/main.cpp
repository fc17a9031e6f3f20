#include <algorithm>
#include <iostream>
#include <string>

#include "config.h"
#include "har_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  HarConfig cfg;
  cfg.device = pick_device(!(argc > 1 && std::string(argv[1]) == "--cpu"));
  torch::manual_seed(7);

  HarDataset train(cfg.train_file, cfg);
  HarDataset test("data/har_test.bin", cfg);
  HarTrainer trainer(cfg, train);
  double best_f1 = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, epoch);
    const double f1 = trainer.evaluate(test);
    std::cout << "epoch " << epoch << " loss " << loss << " macro-F1 " << f1 << "\n";
    if (f1 > best_f1) trainer.save();
    best_f1 = std::max(best_f1, f1);
  }
  return 0;
}
