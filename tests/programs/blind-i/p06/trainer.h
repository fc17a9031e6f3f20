#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>

#include "config.h"
#include "dkt_model.h"
#include "interactions.h"

struct EvalResult {
  double loss = 0.0;
  double auc = 0.0;
  double accuracy = 0.0;
};

class Trainer {
 public:
  explicit Trainer(const Config& cfg);

  double train_epoch(KtDataset& data);
  EvalResult evaluate(const KtDataset& data);
  void save() const;

 private:
  Config cfg_;
  torch::Device device_;
  DKT model_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::mt19937_64 rng_;
};
