#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ids {

constexpr int64_t kFlowFeatures = 10;

struct FlowRecord {
  std::string key;  // src:port->dst:port/proto
  uint16_t dst_port = 0;
  uint8_t protocol = 6;
  std::vector<double> arrival_s;     // packet arrival times
  std::vector<uint32_t> size_bytes;  // packet sizes
  uint32_t syn_count = 0;
  uint32_t rst_count = 0;
};

struct AlertPolicy {
  std::vector<std::string> labels;  // benign, dos, portscan, bruteforce, exfiltration
  torch::Tensor thresholds;         // [C]; above 1 for classes that never alert
};

std::vector<FlowRecord> synthetic_flows(int64_t n, uint64_t seed);
torch::Tensor flow_features(const std::vector<FlowRecord>& flows);
AlertPolicy make_policy();

}  // namespace ids
