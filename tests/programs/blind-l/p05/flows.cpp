#include "flows.h"

#include <cmath>
#include <numeric>
#include <random>

namespace ids {
namespace {

void mean_std(const std::vector<double>& v, double& mean, double& std) {
  mean = v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
  double sq = 0.0;
  for (double x : v) sq += (x - mean) * (x - mean);
  std = v.size() > 1 ? std::sqrt(sq / (v.size() - 1)) : 0.0;
}

}  // namespace

std::vector<FlowRecord> synthetic_flows(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::exponential_distribution<double> gap(40.0);
  std::uniform_int_distribution<uint32_t> size(60, 1500);
  std::vector<FlowRecord> flows;
  for (int64_t i = 0; i < n; ++i) {
    FlowRecord f;
    f.key = "10.0.0." + std::to_string(i % 250) + "->192.168.1.10";
    f.dst_port = (i % 7 == 0) ? static_cast<uint16_t>(1024 + rng() % 60000) : 443;
    double t = 0.0;
    const int packets = 2 + static_cast<int>(rng() % 40);
    for (int p = 0; p < packets; ++p) {
      t += gap(rng);
      f.arrival_s.push_back(t);
      f.size_bytes.push_back(size(rng));
    }
    f.syn_count = (i % 7 == 0) ? packets : 1;
    flows.push_back(std::move(f));
  }
  return flows;
}

torch::Tensor flow_features(const std::vector<FlowRecord>& flows) {
  std::vector<double> feats;
  feats.reserve(flows.size() * kFlowFeatures);
  for (const auto& f : flows) {
    std::vector<double> gaps, sizes(f.size_bytes.begin(), f.size_bytes.end());
    for (size_t i = 1; i < f.arrival_s.size(); ++i) gaps.push_back(f.arrival_s[i] - f.arrival_s[i - 1]);
    double gap_mean, gap_std, size_mean, size_std;
    mean_std(gaps, gap_mean, gap_std);
    mean_std(sizes, size_mean, size_std);
    const double duration = f.arrival_s.empty() ? 0.0 : f.arrival_s.back() - f.arrival_s.front();
    const double bytes = std::accumulate(sizes.begin(), sizes.end(), 0.0);
    const double packets = static_cast<double>(f.size_bytes.size());
    feats.insert(feats.end(), {std::log1p(duration), gap_mean, gap_std, size_mean / 1500.0,
                               size_std / 1500.0, std::log1p(bytes / std::max(duration, 1e-3)),
                               std::log1p(packets), f.syn_count / std::max(packets, 1.0),
                               f.rst_count / std::max(packets, 1.0),
                               f.dst_port < 1024 ? 1.0 : 0.0});
  }
  const auto n = static_cast<int64_t>(flows.size());
  return torch::from_blob(feats.data(), {n, kFlowFeatures}, torch::kFloat64).clone();
}

AlertPolicy make_policy() {
  AlertPolicy policy;
  policy.labels = {"benign", "dos", "portscan", "bruteforce", "exfiltration"};
  policy.thresholds = torch::tensor({1.01f, 0.70f, 0.60f, 0.80f, 0.55f});
  return policy;
}

}  // namespace ids
