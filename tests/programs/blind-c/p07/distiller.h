#pragma once

#include <torch/torch.h>

#include <vector>

#include "config.h"
#include "data.h"
#include "models.h"

struct DistillStats {
  double kd_loss = 0.0;
  double ce_loss = 0.0;
  double train_acc = 0.0;
};

class Distiller {
 public:
  Distiller(const DistillConfig& cfg, const std::vector<int64_t>& class_counts);

  DistillStats train_epoch(const std::vector<Batch>& batches);
  double evaluate(const std::vector<Batch>& batches);
  void save_student() const;

 private:
  DistillConfig cfg_;
  TeacherNet teacher_;
  StudentNet student_;
  torch::optim::SGD optimizer_;
  torch::nn::CrossEntropyLoss ce_{nullptr};
};
