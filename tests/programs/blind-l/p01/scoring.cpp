#include "scoring.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace fraud {

std::vector<Transaction> read_transactions(const std::string& path) {
  std::vector<Transaction> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream row(line);
    Transaction t;
    row >> t.id >> t.amount >> t.merchant_risk >> t.hour >> t.country_mismatch >>
        t.card_present >> t.velocity_1h >> t.velocity_24h >> t.account_age_days;
    if (row) out.push_back(t);
  }
  return out;
}

torch::Tensor encode_batch(const std::vector<Transaction>& txns) {
  constexpr double kPi = 3.14159265358979323846;
  std::vector<float> flat;
  flat.reserve(txns.size() * kFeatureCount);
  for (const auto& t : txns) {
    const double angle = 2.0 * kPi * t.hour / 24.0;
    flat.push_back(static_cast<float>(std::log1p(t.amount)));
    flat.push_back(static_cast<float>(t.merchant_risk));
    flat.push_back(static_cast<float>(std::sin(angle)));
    flat.push_back(static_cast<float>(std::cos(angle)));
    flat.push_back(static_cast<float>(t.country_mismatch));
    flat.push_back(static_cast<float>(t.card_present));
    flat.push_back(static_cast<float>(std::log1p(t.velocity_1h + t.velocity_24h)));
    flat.push_back(static_cast<float>(std::min(t.account_age_days / 365.0, 10.0)));
  }
  const auto n = static_cast<int64_t>(txns.size());
  return torch::from_blob(flat.data(), {n, kFeatureCount}, torch::kFloat).clone();
}

torch::Tensor rule_scores(const std::vector<Transaction>& txns) {
  auto scores = torch::zeros({static_cast<int64_t>(txns.size()), 1});
  auto acc = scores.accessor<float, 2>();
  for (size_t i = 0; i < txns.size(); ++i) {
    const auto& t = txns[i];
    acc[i][0] = (t.country_mismatch && !t.card_present ? 0.5f : 0.f) +
                (t.velocity_1h > 5.0 ? 0.3f : 0.f) +
                (t.amount > 5000.0 && t.account_age_days < 30.0 ? 0.2f : 0.f);
  }
  return scores;
}

ScoringContext make_context(double alert_threshold) {
  ScoringContext ctx;
  ctx.alert_threshold = alert_threshold;
  ctx.blend = torch::from_blob(ctx.blend_raw.data(), {2}, torch::kFloat64).clone();
  return ctx;
}

}  // namespace fraud
