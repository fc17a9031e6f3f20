#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "config.h"
#include "conll_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  NerConfig cfg;
  if (argc > 1) cfg.device = torch::Device(argv[1]);
  else if (torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA, 0);

  std::unordered_map<std::string, int64_t> vocab{{"<pad>", 0}, {"<unk>", 1}};
  std::unordered_map<std::string, int64_t> tagset{{"O", 0}};
  ConllCorpus train(cfg.train_file, cfg, vocab, tagset, /*grow=*/true);
  ConllCorpus dev(cfg.dev_file, cfg, vocab, tagset, /*grow=*/false);

  std::vector<std::string> tag_names(tagset.size());
  for (const auto& kv : tagset) tag_names[static_cast<size_t>(kv.second)] = kv.first;

  NerTrainer trainer(cfg, static_cast<int64_t>(vocab.size()), tag_names);
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    const double f1 = trainer.evaluate(dev);
    std::cout << "epoch " << epoch << " loss " << loss << " span F1 " << f1 << "\n";
  }
  return 0;
}
