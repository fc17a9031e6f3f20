#pragma once

#include <torch/torch.h>

#include <map>
#include <memory>

#include "config.h"
#include "fingerprints.h"
#include "geo.h"
#include "localizer.h"

struct EvalResult {
  double building_acc = 0, floor_acc = 0;
  double mean_error_m = 0, median_error_m = 0;
};

class Trainer {
 public:
  Trainer(const Config& cfg, const FingerprintSet& train);

  double train_epoch(const FingerprintSet& train);
  EvalResult evaluate(const FingerprintSet& data);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  Config cfg_;
  torch::Device device_;
  Localizer model_{nullptr};
  LocalFrame frame_;
  std::map<int64_t, torch::Tensor> floor_masks_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
