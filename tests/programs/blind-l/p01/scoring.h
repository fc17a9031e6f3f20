#pragma once

#include <torch/torch.h>

#include <array>
#include <string>
#include <vector>

namespace fraud {

constexpr int64_t kFeatureCount = 8;

struct Transaction {
  std::string id;
  double amount = 0.0;
  double merchant_risk = 0.0;
  int hour = 0;
  int country_mismatch = 0;
  int card_present = 1;
  double velocity_1h = 0.0;
  double velocity_24h = 0.0;
  double account_age_days = 0.0;
};

struct ScoringContext {
  // Weights of (network logit, rule score) in the final risk, from the
  // quarterly calibration run.
  std::array<double, 2> blend_raw{{0.85, 1.6}};
  torch::Tensor blend;
  double alert_threshold = 0.5;
};

std::vector<Transaction> read_transactions(const std::string& path);
torch::Tensor encode_batch(const std::vector<Transaction>& txns);
torch::Tensor rule_scores(const std::vector<Transaction>& txns);
ScoringContext make_context(double alert_threshold);

}  // namespace fraud
