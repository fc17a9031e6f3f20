#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "config.h"
#include "scenes.h"
#include "traj_model.h"

struct EvalResult { double ade = 0.0, fde = 0.0; };  // metres

class Trainer {
 public:
  Trainer(const Config& cfg, const std::vector<TrajWindow>& train);

  double train_epoch(const std::vector<TrajWindow>& data);
  EvalResult evaluate(const std::vector<TrajWindow>& data);
  void export_forecasts(const std::vector<TrajWindow>& data, size_t count, const std::string& path);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  Config cfg_;
  torch::Device device_;
  TrajLstm model_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::mt19937_64 rng_;
};
