#pragma once

#include <torch/torch.h>

#include "config.h"
#include "objectives.h"
#include "picker_net.h"
#include "waveform_dataset.h"

class PickerTrainer {
 public:
  PickerTrainer(const PickerConfig& cfg, const WaveformSet& train);

  double train_epoch(const WaveformSet& data, int64_t epoch);
  PickStats evaluate(const WaveformSet& data);
  void save() const;

 private:
  PickerConfig cfg_;
  torch::Device device_;
  PhasePicker model_;
  torch::optim::AdamW optimizer_;
  torch::Tensor class_weights_;  // [3]
  torch::Tensor smoothing_;      // 0-dim
};
