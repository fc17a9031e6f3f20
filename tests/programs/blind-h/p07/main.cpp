#include <iostream>
#include <string>

#include "config.h"
#include "trainer.h"
#include "waveform_dataset.h"

// Trains the phase picker on the analyst-reviewed catalogue; keeps the best
// mean P/S F1.  train_picker [cpu|auto]
int main(int argc, char** argv) {
  PickerConfig cfg;
  cfg.device = select_device(argc > 1 ? argv[1] : "auto");
  torch::manual_seed(11);

  WaveformSet train(cfg.train_file, cfg);
  WaveformSet val(cfg.val_file, cfg);
  PickerTrainer trainer(cfg, train);
  std::cout << train.size() << " training traces on " << cfg.device << "\n";

  double best = -1.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, epoch);
    const PickStats st = trainer.evaluate(val);
    const double f1 = 0.5 * (st.f1(0) + st.f1(1));
    std::cout << "epoch " << epoch << "  loss " << loss << "  F1 P " << st.f1(0) << "  S "
              << st.f1(1) << "  mean |dt| P "
              << (st.tp[0] ? st.abs_residual[0] / st.tp[0] / 100.0 : 0.0) << " s\n";
    if (f1 > best) {
      best = f1;
      trainer.save();
    }
  }
  return 0;
}
