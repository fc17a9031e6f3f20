#include <cstdio>
#include <iostream>

#include "config.h"
#include "interactions.h"
#include "trainer.h"

//   train_dkt [interactions.csv] [epochs]
int main(int argc, char** argv) {
  Config cfg;
  if (argc > 1) cfg.log_path = argv[1];
  if (argc > 2) cfg.epochs = std::stoll(argv[2]);

  std::vector<StudentSequence> train_seqs, val_seqs;
  split_students(read_sequences(cfg.log_path, cfg.max_len), cfg.val_fraction, cfg.seed,
                 train_seqs, val_seqs);
  std::cerr << train_seqs.size() << " training windows, " << val_seqs.size()
            << " validation windows\n";
  KtDataset train(std::move(train_seqs), cfg.num_skills, cfg.max_len);
  KtDataset val(std::move(val_seqs), cfg.num_skills, cfg.max_len);

  Trainer trainer(cfg);
  double best_auc = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double train_loss = trainer.train_epoch(train);
    const EvalResult ev = trainer.evaluate(val);
    std::printf("epoch %2lld  train %.4f  val %.4f  AUC %.4f  acc %.4f\n",
                static_cast<long long>(epoch), train_loss, ev.loss, ev.auc, ev.accuracy);
    if (ev.auc > best_auc) {
      best_auc = ev.auc;
      trainer.save();
    }
  }
  std::printf("best validation AUC %.4f\n", best_auc);
  return 0;
}
