#include <iostream>
#include <string>

#include "backend.h"
#include "scoring.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: fraud_service MODEL.pt TRANSACTIONS.csv [threshold] [--cpu]\n";
    return 1;
  }
  const double threshold = argc > 3 ? std::stod(argv[3]) : 0.5;
  const bool allow_gpu = !(argc > 4 && std::string(argv[4]) == "--cpu");

  auto backend = fraud::make_backend(argv[1], allow_gpu);
  auto ctx = fraud::make_context(threshold);
  std::cout << "backend: " << backend->name() << "\n";

  const auto txns = fraud::read_transactions(argv[2]);
  if (txns.empty()) {
    std::cerr << "no transactions in " << argv[2] << "\n";
    return 1;
  }

  auto batch = fraud::encode_batch(txns);
  auto logits = backend->run(batch);
  auto rules = fraud::rule_scores(txns);

  auto combined = torch::cat({logits, rules}, 1);
  auto risk = torch::sigmoid(torch::matmul(combined, ctx.blend));
  auto flagged = risk.gt(ctx.alert_threshold);

  auto risk_acc = risk.accessor<float, 1>();
  auto flag_acc = flagged.accessor<bool, 1>();
  int64_t alerts = 0;
  for (int64_t i = 0; i < risk.size(0); ++i) {
    if (flag_acc[i]) {
      ++alerts;
      std::cout << txns[i].id << " risk=" << risk_acc[i] << "\n";
    }
  }
  std::cout << alerts << " of " << txns.size() << " transactions held for review\n";
  return 0;
}
