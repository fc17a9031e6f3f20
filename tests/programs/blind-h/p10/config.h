#pragma once

#include <cstdint>
#include <string>

// Language identification for the help-desk ticket router: a fastText-style
// bag of hashed character n-grams, trained nightly on the ticket server's CPUs.
struct LangIdConfig {
  std::string train_file = "data/tickets_train.tsv";
  std::string test_file = "data/tickets_test.tsv";
  std::string checkpoint = "models/langid.pt";
  bool resume = false;
  int64_t buckets = 1 << 18;   // hashed n-gram vocabulary
  int64_t min_n = 1, max_n = 4;  // character n-gram orders
  int64_t dim = 64;
  int64_t batch_size = 256, epochs = 5;
  double lr = 0.5;             // linearly decayed to 0, as in fastText
  double label_smoothing = 0.05;
  double l2 = 1e-6;            // on the embedding rows used by each batch
  double balance_power = 0.5;  // sample languages with p ~ count^0.5
};
