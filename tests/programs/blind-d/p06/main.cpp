#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "config.h"
#include "csv_table.h"
#include "trainer.h"

int main(int argc, char** argv) {
  TabularConfig cfg;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--gpu") cfg.gpu = std::stoi(argv[i + 1]);
    if (key == "--train") cfg.train_csv = argv[i + 1];
    if (key == "--test") cfg.test_csv = argv[i + 1];
    if (key == "--epochs") cfg.epochs = std::stoll(argv[i + 1]);
  }

  Table train = read_table(cfg.train_csv, cfg.label_column);
  Table test = read_table(cfg.test_csv, cfg.label_column);
  ColumnStandardizer standardizer;
  standardizer.fit(train);
  standardizer.apply(train);
  standardizer.apply(test);

  auto x_train = feature_tensor(train);
  auto y_train = label_tensor(train);
  auto x_test = feature_tensor(test);
  auto y_test = label_tensor(test);

  TabularTrainer trainer(cfg, train.cols, y_train);
  std::cout << train.rows << " rows x " << train.cols << " features on "
            << trainer.device() << "\n";

  double best = 0.0;
  std::vector<double> recall;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(x_train, y_train);
    const double acc = trainer.accuracy(x_test, y_test, recall);
    std::cout << "epoch " << epoch << " loss " << loss << " acc " << acc
              << " recall";
    for (double r : recall) std::cout << " " << r;
    std::cout << "\n";
    if (acc > best) {
      best = acc;
      trainer.save();
    }
  }
  return 0;
}
