#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>
#include <vector>

#include "config.h"
#include "sketch_net.h"
#include "strokes.h"

struct EpochStats {
  double loss = 0.0;
  double top1 = 0.0;
  double top3 = 0.0;
};

class Trainer {
 public:
  Trainer(const Config& cfg, const std::vector<Sketch>& train, int64_t num_classes);

  EpochStats train_epoch(const std::vector<Sketch>& data);
  EpochStats evaluate(const std::vector<Sketch>& data);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  Config cfg_;
  torch::Device device_;
  SketchNet model_{nullptr};
  torch::Tensor class_weights_;  // [C] float32 on device_
  std::unique_ptr<torch::optim::AdamW> optimizer_;
  std::mt19937_64 rng_;
};
