#include <iostream>

#include "config.h"
#include "signature_dataset.h"
#include "trainer.h"

int main() {
  SigConfig cfg;
  if (torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA, 0);
  torch::manual_seed(0);

  SignatureDataset train(cfg.train_dir, cfg);
  PairSet val = load_pairs(cfg.pairs_file, cfg);
  std::cout << train.num_writers() << " writers, " << val.genuine.size(0)
            << " validation pairs, device " << cfg.device << "\n";

  SigTrainer trainer(cfg);
  double best = 1.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    const double eer = trainer.evaluate(val);
    std::cout << "epoch " << epoch << " triplet " << loss << " EER " << eer << "\n";
    if (eer < best) {
      best = eer;
      trainer.save();
    }
  }
  return 0;
}
