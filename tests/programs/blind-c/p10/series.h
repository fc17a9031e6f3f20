#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// Hourly electricity load of one feeder plus calendar features.
struct LoadSeries {
  std::vector<double> timestamps;  // unix seconds
  std::vector<float> load_kw;
};

struct WindowSet {
  torch::Tensor inputs;   // [N, lookback, 3] float: load, hour sin, hour cos
  torch::Tensor targets;  // [N, horizon] float
  float mean = 0.f;
  float scale = 1.f;
};

LoadSeries read_load_csv(const std::string& path);

// Normalises the load and cuts sliding windows.
WindowSet make_windows(const LoadSeries& s, int64_t lookback, int64_t horizon);
