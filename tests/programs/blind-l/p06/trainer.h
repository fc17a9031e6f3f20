#pragma once

#include <torch/torch.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "data.h"
#include "model.h"

struct TrainConfig {
  torch::Device device = torch::kCPU;
  int64_t epochs = 5;
  size_t batch_size = 16;
  double lr = 1e-3;
  double weight_decay = 1e-2;
};

class Trainer {
 public:
  Trainer(SSNet model, const TrainConfig& cfg) : model_(std::move(model)), cfg_(cfg) {
    model_->to(cfg_.device);
    optimizer_ = std::make_unique<torch::optim::AdamW>(
        model_->parameters(), torch::optim::AdamWOptions(cfg_.lr).weight_decay(cfg_.weight_decay));
  }

  double train_epoch(const std::vector<Protein>& data) {
    namespace F = torch::nn::functional;
    model_->train();
    double total = 0.0;
    int64_t steps = 0;
    for (size_t begin = 0; begin < data.size(); begin += cfg_.batch_size) {
      Batch batch = collate(data, begin, std::min(data.size(), begin + cfg_.batch_size));
      auto tokens = batch.tokens.to(cfg_.device);
      auto labels = batch.labels.to(cfg_.device);
      auto logits = model_->forward(tokens).reshape({-1, kStructureClasses});
      auto loss = F::cross_entropy(logits, labels.reshape({-1}), F::CrossEntropyFuncOptions().ignore_index(kIgnoreIndex));
      optimizer_->zero_grad();
      loss.backward();
      optimizer_->step();
      total += loss.item<double>();
      ++steps;
    }
    return total / std::max<int64_t>(steps, 1);
  }

  double residue_accuracy(const std::vector<Protein>& data) {
    torch::NoGradGuard no_grad;
    model_->eval();
    int64_t correct = 0, residues = 0;
    for (size_t begin = 0; begin < data.size(); begin += cfg_.batch_size) {
      Batch batch = collate(data, begin, std::min(data.size(), begin + cfg_.batch_size));
      auto pred = model_->forward(batch.tokens.to(cfg_.device)).argmax(-1);
      auto hits = pred.eq(batch.labels.to(cfg_.device)).logical_and(batch.mask);
      correct += hits.sum().item<int64_t>();
      residues += batch.mask.sum().item<int64_t>();
    }
    return residues ? static_cast<double>(correct) / residues : 0.0;
  }

 private:
  SSNet model_;
  TrainConfig cfg_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
};
