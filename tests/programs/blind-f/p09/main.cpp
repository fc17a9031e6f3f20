#include <iostream>
#include <string>

#include "config.h"
#include "mol_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  MolConfig cfg;
  const bool cpu_only = argc > 1 && std::string(argv[1]) == "--cpu";
  if (!cpu_only && torch::cuda::is_available()) cfg.device = torch::kCUDA;
  torch::manual_seed(11);

  MolDataset train(cfg.train_file, cfg);
  MolDataset valid(cfg.valid_file, cfg);
  PropertyTrainer trainer(cfg, train);
  const char* names[] = {"logS", "logD7.4", "mp"};
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, static_cast<unsigned>(epoch));
    auto rmse = trainer.evaluate(valid);
    std::cout << "epoch " << epoch << " loss " << loss;
    for (size_t t = 0; t < rmse.size() && t < 3; ++t) std::cout << " " << names[t] << " " << rmse[t];
    std::cout << "\n";
  }
  trainer.save();
  return 0;
}
