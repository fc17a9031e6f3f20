#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "config.h"

// One meter's hourly series; missing readings are NaN in the raw export and
// are replaced by 0 with valid = 0.
struct MeterSeries {
  int64_t meter_id = 0;
  std::vector<float> load;
  std::vector<uint8_t> valid;
};

struct Window {
  int64_t meter = 0;
  int64_t start = 0;
};

struct SeriesBatch {
  torch::Tensor history;   // [B, history, 1] Float (raw kW)
  torch::Tensor target;    // [B, horizon] Float (raw kW)
  torch::Tensor mask;      // [B, horizon] Float, 1 where the target is observed
  torch::Tensor meter_ids; // [B] Long
};

class SeriesDataset {
 public:
  SeriesDataset(const ForecastConfig& cfg, int64_t first_hour, int64_t hours);
  const std::vector<MeterSeries>& meters() const { return meters_; }
  int64_t num_windows() const { return static_cast<int64_t>(windows_.size()); }
  SeriesBatch batch(const int64_t* window_idx, int64_t count) const;

 private:
  ForecastConfig cfg_;
  std::vector<MeterSeries> meters_;
  std::vector<Window> windows_;
};

// Per-meter location/scale of the training period, kept on the host.
struct NormStats {
  torch::Tensor mean;   // [num_meters] Float
  torch::Tensor scale;  // [num_meters] Float
  NormStats to(const torch::Device& device) const {
    return NormStats{mean.to(device), scale.to(device)};
  }
};
NormStats fit_norm_stats(const SeriesDataset& data);
