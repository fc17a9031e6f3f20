#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// A 12-lead resting ECG as exported by the cart: lead-major float32 in mV.
struct EcgRecord {
  std::string id;
  int64_t leads = 12;
  int64_t sample_rate = 500;
  std::vector<float> samples;  // [leads * num_samples]

  int64_t num_samples() const {
    return static_cast<int64_t>(samples.size()) / leads;
  }
};

EcgRecord read_record(const std::string& path);

// Cuts the record into overlapping windows, each lead z-scored over the whole
// record. Returns [num_windows, leads, window] Float.
torch::Tensor window_record(const EcgRecord& rec, int64_t window, int64_t hop);
