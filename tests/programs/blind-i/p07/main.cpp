#include <cstdio>
#include <iostream>

#include "config.h"
#include "strokes.h"
#include "trainer.h"

//   train_sketches [train.tsv val.tsv] [--device auto|cpu|cuda] [--epochs N]
int main(int argc, char** argv) {
  Config cfg;
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--device" && i + 1 < argc) cfg.device = argv[++i];
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (positional++ == 0) cfg.train_path = a;
    else cfg.val_path = a;
  }

  std::vector<std::string> classes;
  const auto train = read_sketches(cfg.train_path, cfg.max_points, &classes);
  const auto val = read_sketches(cfg.val_path, cfg.max_points, &classes);
  const auto num_classes = static_cast<int64_t>(classes.size());
  std::cerr << train.size() << " training and " << val.size() << " validation sketches, "
            << num_classes << " classes\n";

  Trainer trainer(cfg, train, num_classes);
  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const EpochStats tr = trainer.train_epoch(train);
    const EpochStats va = trainer.evaluate(val);
    std::printf("epoch %2lld  loss %.3f  top1 %.3f | val loss %.3f  top1 %.3f  top3 %.3f\n",
                static_cast<long long>(epoch), tr.loss, tr.top1, va.loss, va.top1, va.top3);
    if (va.top1 > best) {
      best = va.top1;
      trainer.save();
    }
  }
  return 0;
}
