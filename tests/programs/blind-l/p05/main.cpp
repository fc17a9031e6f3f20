#include <iostream>
#include <string>

#include "backend.h"
#include "flows.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: flowguard MODEL.pt [num_flows] [--cpu]\n";
    return 1;
  }
  const int64_t n = argc > 2 ? std::stoll(argv[2]) : 512;
  const bool prefer_gpu = !(argc > 3 && std::string(argv[3]) == "--cpu");

  auto backend = ids::make_backend(argv[1], prefer_gpu);
  const auto policy = ids::make_policy();

  const auto flows = ids::synthetic_flows(n, 99);
  auto features = ids::flow_features(flows);
  auto probs = backend->run(features);

  auto over = probs.gt(policy.thresholds);
  auto alert_rows = over.any(1).nonzero().squeeze(1).cpu();
  auto classes = probs.argmax(1).cpu();

  auto rows = alert_rows.accessor<int64_t, 1>();
  auto cls = classes.accessor<int64_t, 1>();
  for (int64_t i = 0; i < rows.size(0); ++i) {
    const int64_t r = rows[i];
    std::cout << "ALERT " << policy.labels[cls[r]] << " " << flows[r].key << "\n";
  }
  std::cout << rows.size(0) << " alerts in " << flows.size() << " flows\n";
  return 0;
}
