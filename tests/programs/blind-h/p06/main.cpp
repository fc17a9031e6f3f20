#include <iostream>

#include "config.h"
#include "positions.h"
#include "trainer.h"

int main() {
  ChessConfig cfg;
  cfg.device = training_device();
  torch::manual_seed(2024);

  PositionSet train(cfg.train_file, cfg);
  PositionSet val(cfg.val_file, cfg);
  std::cout << train.size() << " training positions, " << val.size() << " validation, on "
            << cfg.device << "\n";

  ChessTrainer trainer(cfg);
  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, epoch);
    const MoveAccuracy acc = trainer.validate(val);
    const double top1 = acc.count ? static_cast<double>(acc.top1) / acc.count : 0.0;
    const double top3 = acc.count ? static_cast<double>(acc.top3) / acc.count : 0.0;
    std::cout << "epoch " << epoch << "  loss " << loss << "  move top-1 " << top1 << "  top-3 "
              << top3 << "\n";
    if (top1 > best) {
      best = top1;
      trainer.save();
    }
  }
  return 0;
}
