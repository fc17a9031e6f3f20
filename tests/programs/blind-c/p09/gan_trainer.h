#pragma once

#include <torch/torch.h>

#include <string>

#include "config.h"
#include "critic.h"
#include "digits_loader.h"
#include "generator.h"

struct StepLosses {
  double d_loss = 0.0;
  double g_loss = 0.0;
};

class GanTrainer {
 public:
  explicit GanTrainer(const GanOptions& opts);

  StepLosses step(const LabeledBatch& batch);
  void run(DigitsLoader& loader);
  void write_samples(const std::string& path);

 private:
  GanOptions opts_;
  torch::Device device_;
  CondGenerator generator_;
  Critic critic_;
  torch::optim::Adam g_opt_;
  torch::optim::Adam d_opt_;
  torch::Tensor fixed_z_;
  torch::Tensor fixed_labels_;
};
