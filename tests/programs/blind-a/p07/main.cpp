#include <torch/torch.h>
#include <iostream>
#include "classifier.h"
#include "config.h"
#include "dataset.h"

int main() {
  Config cfg = load_config();
  IntentDataset data(128, 12, cfg.vocab, cfg.classes);
  Trainer trainer(cfg);
  for (int epoch = 0; epoch < 3; ++epoch) {
    double total = 0.0;
    for (int64_t start = 0; start + cfg.batch <= data.size(); start += cfg.batch) {
      auto batch = data.batch(start, cfg.batch);
      total += trainer.train_batch(batch.first, batch.second);
    }
    std::cout << "epoch " << epoch << " loss " << total << "\n";
  }
  trainer.report(data.batch(0, 4).first);
  return 0;
}
