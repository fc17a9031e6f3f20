#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "config.h"
#include "corpus.h"
#include "sampler.h"
#include "trainer.h"

// Nightly retraining of the ticket router's language identifier; texts given on
// the command line are classified as a smoke test. train_langid [--resume] [text...]
int main(int argc, char** argv) {
  LangIdConfig cfg;
  std::vector<std::string> samples;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--resume") cfg.resume = true;
    else samples.push_back(a);
  }
  torch::manual_seed(5);
  torch::set_num_threads(4);

  std::vector<std::string> languages;
  Corpus train(cfg.train_file, cfg, languages);
  Corpus test(cfg.test_file, cfg, languages);
  const auto n_lang = static_cast<int64_t>(languages.size());
  std::cout << train.size() << " training tickets in " << n_lang << " languages\n";

  BalancedSampler sampler(train.labels(), n_lang, cfg.balance_power);
  LangIdTrainer trainer(cfg, n_lang, train.size());
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train, sampler, epoch);
    std::cout << "epoch " << epoch << "  loss " << loss << "\n";
  }
  trainer.save();
  print_report(evaluate(trainer.model(), test, n_lang, cfg.batch_size), languages);

  const torch::Tensor log_prior = language_log_prior(train.labels(), n_lang);
  for (const auto& text : samples) {
    const auto top = top_languages(trainer.model(), single_text(text, cfg), log_prior, 3);
    std::printf("%-40.40s ", text.c_str());
    for (const auto& [id, p] : top) std::printf(" %s %.2f", languages[static_cast<size_t>(id)].c_str(), p);
    std::printf("\n");
  }
  return 0;
}
