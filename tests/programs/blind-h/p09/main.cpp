#include <iostream>

#include "config.h"
#include "lexicon.h"
#include "trainer.h"

int main() {
  G2pConfig cfg;
  cfg.device = pick_device();
  torch::manual_seed(17);

  SymbolTable letters, phones;
  Lexicon train(cfg.train_lexicon, cfg, letters, phones);
  Lexicon dev(cfg.dev_lexicon, cfg, letters, phones);
  std::cout << train.size() << " training entries, " << letters.size() << " letters, "
            << phones.size() << " phonemes, on " << cfg.device << "\n";

  G2pTrainer trainer(cfg, letters.size(), phones.size());
  double best = 1e9;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, epoch);
    const DevScores sc = trainer.evaluate(dev);
    std::cout << "epoch " << epoch << "  loss " << loss << "  PER " << 100.0 * sc.phoneme_error_rate
              << "%  WER " << 100.0 * sc.word_error_rate << "%\n";
    if (sc.phoneme_error_rate < best) {
      best = sc.phoneme_error_rate;
      trainer.save();
    }
  }
  return 0;
}
