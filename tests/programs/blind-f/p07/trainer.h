#pragma once

#include <torch/torch.h>

#include <random>

#include "config.h"
#include "embed_net.h"
#include "signature_dataset.h"

class SigTrainer {
 public:
  explicit SigTrainer(const SigConfig& cfg);

  double train_epoch(const SignatureDataset& data);
  double evaluate(const PairSet& pairs);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  SigConfig cfg_;
  torch::Device device_;
  SigNet model_;
  torch::optim::Adam optimizer_;
  std::mt19937 rng_;
};
