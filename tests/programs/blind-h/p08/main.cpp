#include <algorithm>
#include <iostream>

#include "config.h"
#include "squad_data.h"
#include "trainer.h"

// Trains the knowledge-base reader; keeps the checkpoint with the best dev F1.
int main() {
  QaConfig cfg;
  cfg.device = default_device();
  torch::manual_seed(3);

  QaFeatures train(cfg.train_file, cfg);
  QaFeatures dev(cfg.dev_file, cfg);
  std::cout << train.size() << " training features on " << cfg.device << "\n";

  ReaderTrainer trainer(cfg);
  double best = -1.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, epoch);
    const SpanScores sc = trainer.evaluate(dev);
    const double n = std::max<double>(1.0, static_cast<double>(sc.count));
    const double f1 = 100.0 * sc.f1 / n;
    std::cout << "epoch " << epoch << "  loss " << loss << "  EM " << 100.0 * sc.exact / n << "  F1 " << f1 << "\n";
    if (f1 > best) {
      best = f1;
      trainer.save();
    }
  }
  return 0;
}
