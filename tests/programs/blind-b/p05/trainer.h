#pragma once

#include <torch/torch.h>

#include <memory>

#include "config.h"
#include "dataset.h"
#include "metrics.h"
#include "model.h"

class Trainer {
 public:
  Trainer(const ExperimentConfig& cfg, const std::vector<int64_t>& class_counts);

  template <typename Loader>
  double train_epoch(Loader& loader);

  template <typename Loader>
  double evaluate(Loader& loader, ConfusionMatrix& confusion);

 private:
  ExperimentConfig cfg_;
  torch::Device device_;
  SmallConvNet model_;
  torch::nn::CrossEntropyLoss criterion_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
};

template <typename Loader>
double Trainer::train_epoch(Loader& loader) {
  model_->train();
  double total = 0.0;
  int64_t batches = 0;
  for (auto& batch : loader) {
    auto images = batch.data.to(device_);
    auto labels = batch.target.to(device_);
    optimizer_->zero_grad();
    auto loss = criterion_(model_->forward(images), labels);  //@bug P05A torch-dtype-mismatch
    loss.backward();
    optimizer_->step();
    total += loss.template item<double>();
    ++batches;
  }
  return total / std::max<int64_t>(batches, 1);
}

template <typename Loader>
double Trainer::evaluate(Loader& loader, ConfusionMatrix& confusion) {
  torch::NoGradGuard no_grad;
  model_->eval();
  confusion.reset();
  double total = 0.0;
  int64_t batches = 0;
  for (auto& batch : loader) {
    auto images = batch.data.to(device_);
    auto labels = batch.target.to(device_);
    auto logits = model_->forward(images);
    total += criterion_(logits, labels).template item<double>();  //@bug P05A torch-dtype-mismatch
    confusion.update(logits.argmax(1), labels);  //@bug P05B torch-device-mismatch
    ++batches;
  }
  return total / std::max<int64_t>(batches, 1);
}
