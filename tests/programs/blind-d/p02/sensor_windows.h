#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

struct SensorSeries {
  int64_t steps = 0;
  int64_t channels = 0;
  std::vector<float> values;  // row-major [steps, channels]
  std::vector<std::string> timestamps;
};

SensorSeries read_sensor_csv(const std::string& path, int64_t channels);

// Cuts a series into overlapping windows: returns host [N, window, channels].
torch::Tensor make_windows(const SensorSeries& series, int64_t window,
                           int64_t stride);

// Per-channel standardisation. Statistics are computed on the host and moved
// next to the model with to().
class ChannelScaler {
 public:
  void fit(const torch::Tensor& windows);
  void set(torch::Tensor mean, torch::Tensor stddev);
  void to(torch::Device device);
  torch::Tensor transform(const torch::Tensor& x) const;

  const torch::Tensor& mean() const { return mean_; }
  const torch::Tensor& stddev() const { return std_; }

 private:
  torch::Tensor mean_;  // [1, 1, C]
  torch::Tensor std_;   // [1, 1, C]
};
