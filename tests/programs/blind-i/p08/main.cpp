#include <cstdio>
#include <iostream>

#include "config.h"
#include "dataset_stats.h"
#include "tagger_factory.h"
#include "trainer.h"

//   train_tagger [train.txt val.txt] [epochs]
int main(int argc, char** argv) {
  Config cfg;
  if (argc > 2) {
    cfg.train_path = argv[1];
    cfg.val_path = argv[2];
  }
  if (argc > 3) cfg.epochs = std::stoll(argv[3]);

  const auto train = read_jets(cfg.train_path);
  const auto val = read_jets(cfg.val_path);
  std::cerr << train.size() << " training jets, " << val.size() << " validation jets\n";

  Trainer trainer(cfg, build_tagger(cfg, compute_stats(train, cfg.num_classes, cfg.max_particles)));
  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    const EvalStats ev = trainer.evaluate(val);
    std::printf("epoch %2lld  train %.4f  val %.4f  acc %.3f  1/eps_B top %.1f  W %.1f\n",
                static_cast<long long>(epoch), loss, ev.loss, ev.accuracy, ev.top_rejection,
                ev.w_rejection);
    if (ev.top_rejection > best) {
      best = ev.top_rejection;
      trainer.save();
    }
  }
  return 0;
}
