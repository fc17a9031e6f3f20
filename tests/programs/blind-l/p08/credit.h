#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "model.h"

constexpr int64_t kCreditFeatures = 8;

struct Applicant {
  double income = 0, debt_ratio = 0, utilisation = 0, age = 0;
  double months_employed = 0, open_lines = 0, delinquencies_2y = 0, inquiries_6m = 0;
  int defaulted = 0;
};

struct Split {
  torch::Tensor features;  // [N, kCreditFeatures]
  torch::Tensor labels;    // [N, 1], 1 = defaulted within 24 months
};

struct TrainConfig {
  torch::Device device = torch::kCPU;
  int64_t epochs = 20;
  int64_t batch_size = 128;
  double lr = 2e-3;
};

std::vector<Applicant> read_applicants(const std::string& path);
Split make_split(const std::vector<Applicant>& rows);
torch::Tensor positive_weight(const Split& split);

class Trainer {
 public:
  Trainer(ScorecardNet model, const TrainConfig& cfg, const torch::Tensor& pos_weight);
  double train_epoch(const Split& train);
  double evaluate(const Split& valid);

 private:
  ScorecardNet model_;
  TrainConfig cfg_;
  torch::nn::BCEWithLogitsLoss criterion_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
