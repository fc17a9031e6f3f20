#include "sensor_windows.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

SensorSeries read_sensor_csv(const std::string& path, int64_t channels) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  SensorSeries s;
  s.channels = channels;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string field;
    std::getline(ss, field, ',');
    s.timestamps.push_back(field);
    for (int64_t c = 0; c < channels; ++c) {
      std::getline(ss, field, ',');
      s.values.push_back(field.empty() ? 0.0f : std::stof(field));
    }
    ++s.steps;
  }
  return s;
}

torch::Tensor make_windows(const SensorSeries& series, int64_t window,
                           int64_t stride) {
  auto x = torch::from_blob(const_cast<float*>(series.values.data()),
                            {series.steps, series.channels}, torch::kFloat32)
               .clone();
  // unfold -> [N, C, window]; the model wants time before channels
  return x.unfold(0, window, stride).permute({0, 2, 1}).contiguous();
}

void ChannelScaler::fit(const torch::Tensor& windows) {
  const std::vector<int64_t> dims{0, 1};  // over windows and time steps
  mean_ = windows.mean(dims, /*keepdim=*/true);
  std_ = windows.std(dims, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
}

void ChannelScaler::set(torch::Tensor mean, torch::Tensor stddev) {
  mean_ = std::move(mean);
  std_ = std::move(stddev);
}

void ChannelScaler::to(torch::Device device) {
  mean_ = mean_.to(device);
  std_ = std_.to(device);
}

torch::Tensor ChannelScaler::transform(const torch::Tensor& x) const {
  return (x - mean_) / std_;
}
