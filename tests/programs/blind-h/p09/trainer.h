#pragma once

#include <torch/torch.h>

#include "config.h"
#include "g2p_model.h"
#include "lexicon.h"
#include "seq_loss.h"

struct DevScores {
  double phoneme_error_rate = 0.0, word_error_rate = 0.0;
};

class G2pTrainer {
 public:
  G2pTrainer(const G2pConfig& cfg, int64_t letters, int64_t phones);

  double train_epoch(const Lexicon& data, int64_t epoch);
  DevScores evaluate(const Lexicon& data);
  void save() const;

 private:
  G2pConfig cfg_;
  torch::Device device_;
  G2pModel model_;
  torch::optim::Adam optimizer_;
};
