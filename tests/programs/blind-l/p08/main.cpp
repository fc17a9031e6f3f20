#include <iostream>
#include <random>

#include "credit.h"

namespace {

std::vector<Applicant> synthetic_applicants(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  std::vector<Applicant> rows;
  for (int64_t i = 0; i < n; ++i) {
    Applicant a;
    a.income = std::exp(10.8 + 0.5 * z(rng));
    a.debt_ratio = std::abs(0.35 + 0.2 * z(rng));
    a.utilisation = std::abs(0.4 + 0.3 * z(rng));
    a.age = 22 + static_cast<double>(rng() % 50);
    a.months_employed = static_cast<double>(rng() % 240);
    a.open_lines = static_cast<double>(rng() % 12);
    a.delinquencies_2y = (rng() % 10 == 0) ? 1 + static_cast<double>(rng() % 3) : 0.0;
    a.inquiries_6m = static_cast<double>(rng() % 5);
    const double risk = 2.5 * a.debt_ratio + 1.5 * a.utilisation + 0.8 * a.delinquencies_2y - 3.5;
    a.defaulted = z(rng) < risk ? 1 : 0;
    rows.push_back(a);
  }
  return rows;
}

}  // namespace

int main(int argc, char** argv) {
  TrainConfig cfg;
  if (torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA, 0);

  auto rows = argc > 1 ? read_applicants(argv[1]) : synthetic_applicants(6000, 21);
  const size_t cut = rows.size() * 4 / 5;
  auto train = make_split({rows.begin(), rows.begin() + cut});
  auto valid = make_split({rows.begin() + cut, rows.end()});

  Trainer trainer(ScorecardNet(kCreditFeatures), cfg, positive_weight(train));
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double train_loss = trainer.train_epoch(train);
    if (epoch % 5 == 0)
      std::cout << "epoch " << epoch << " train " << train_loss << " valid "
                << trainer.evaluate(valid) << "\n";
  }
  return 0;
}
