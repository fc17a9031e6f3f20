#include <cstdio>
#include <iostream>

#include "config.h"
#include "fingerprints.h"
#include "trainer.h"

//   train_localizer [trainingData.csv validationData.csv] [epochs]
int main(int argc, char** argv) {
  Config cfg;
  if (argc > 2) {
    cfg.train_csv = argv[1];
    cfg.val_csv = argv[2];
  }
  if (argc > 3) cfg.epochs = std::stoll(argv[3]);
  torch::manual_seed(cfg.seed);

  const FingerprintSet train = read_fingerprints(cfg.train_csv, cfg.num_waps);
  const FingerprintSet val = read_fingerprints(cfg.val_csv, cfg.num_waps);
  std::cerr << train.size() << " reference points, " << val.size() << " validation points\n";

  Trainer trainer(cfg, train);
  double best = 1e9;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    const EvalResult ev = trainer.evaluate(val);
    std::printf("epoch %2lld  loss %.4f  building %.3f  floor %.3f  error %.2f m (median %.2f m)\n",
                static_cast<long long>(epoch), loss, ev.building_acc, ev.floor_acc,
                ev.mean_error_m, ev.median_error_m);
    if (ev.mean_error_m < best) {
      best = ev.mean_error_m;
      trainer.save();
    }
  }
  return 0;
}
