#pragma once

#include <torch/torch.h>

#include "config.h"
#include "forecaster.h"
#include "series_dataset.h"

class ForecastTrainer {
 public:
  ForecastTrainer(const ForecastConfig& cfg, torch::Device device,
                  const NormStats& host_stats);
  double train_epoch(const SeriesDataset& data);
  double mae_kw(const SeriesDataset& data);
  void save() { torch::save(model_, cfg_.checkpoint); }

 private:
  torch::Tensor normalise(const SeriesBatch& b, torch::Tensor* target);

  ForecastConfig cfg_;
  torch::Device device_;
  Forecaster model_;
  NormStats host_stats_;
  NormStats dev_stats_;
  torch::Tensor loss_scale_;
  torch::optim::Adam optimizer_;
};
