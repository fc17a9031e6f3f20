#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>
#include <vector>

#include "config.h"
#include "jet_net.h"
#include "jets.h"

struct EvalStats {  // rejections at 50 % signal efficiency
  double loss = 0.0, accuracy = 0.0, top_rejection = 0.0, w_rejection = 0.0;
};

class Trainer {
 public:
  Trainer(const Config& cfg, DeepSets tagger);

  double train_epoch(const std::vector<Jet>& jets);
  EvalStats evaluate(const std::vector<Jet>& jets);
  void save() const { torch::save(tagger_, cfg_.checkpoint); }

 private:
  Config cfg_;
  torch::Device device_;
  DeepSets tagger_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::unique_ptr<torch::optim::StepLR> scheduler_;
  std::mt19937_64 rng_;
};
