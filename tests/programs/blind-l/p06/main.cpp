#include <iostream>

#include "data.h"
#include "model.h"
#include "trainer.h"

int main(int argc, char** argv) {
  TrainConfig cfg;
  if (torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA);
  if (argc > 2) cfg.epochs = std::stoll(argv[2]);

  auto proteins = argc > 1 ? read_proteins(argv[1]) : synthetic_proteins(400, 3);
  const size_t split = proteins.size() * 9 / 10;
  std::vector<Protein> train(proteins.begin(), proteins.begin() + split);
  std::vector<Protein> valid(proteins.begin() + split, proteins.end());

  Trainer trainer(SSNet(kAminoVocab, 48, 96, kStructureClasses), cfg);
  std::cout << "baseline Q3 " << trainer.residue_accuracy(valid) << "\n";
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    std::cout << "epoch " << epoch << " loss " << loss << " Q3 " << trainer.residue_accuracy(valid)
              << "\n";
  }
  return 0;
}
