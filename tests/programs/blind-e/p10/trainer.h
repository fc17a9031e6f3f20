#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

#include "corpus.h"
#include "sampler.h"
#include "skipgram.h"

struct W2vConfig {
  int64_t dim = 100;
  int64_t window = 5;
  int64_t negatives = 5;
  int64_t batch_size = 1024;
  int64_t epochs = 5;
  double lr = 0.003;
  double negative_weight = 1.0;
  std::string checkpoint = "w2v_tickets.pt";
};

class W2vTrainer {
 public:
  W2vTrainer(const W2vConfig& cfg, const Corpus& corpus);
  void resume();
  double train_epoch(uint64_t seed);
  std::vector<std::pair<std::string, float>> neighbours(const std::string& w, int64_t k);
  void save_text(const std::string& path) const;

 private:
  W2vConfig cfg_;
  const Corpus& corpus_;
  NegativeSampler sampler_;
  SkipGram model_;
  torch::optim::Adam optimizer_;
  torch::Tensor neg_weight_;
};
