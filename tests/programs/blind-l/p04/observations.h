#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace wx {

// temperature (C), dew point (C), pressure (hPa), wind u, wind v (m/s), precipitation (mm)
constexpr int64_t kObsFeatures = 6;
constexpr int64_t kHistoryHours = 24;

struct Station {
  std::string id;
  double latitude = 0.0;
  double longitude = 0.0;
  double elevation_m = 0.0;
};

class Normalizer {
 public:
  Normalizer(const std::vector<float>& mean, const std::vector<float>& stddev);
  static Normalizer climatology();

  const torch::Tensor& mean() const { return mean_; }
  const torch::Tensor& stddev() const { return stddev_; }
  torch::Tensor temperature(const torch::Tensor& z) const;

 private:
  torch::Tensor mean_;
  torch::Tensor stddev_;
};

std::vector<Station> read_stations(const std::string& path);
torch::Tensor encode_stations(const std::vector<Station>& stations);
torch::Tensor recent_history(const std::vector<Station>& stations, uint64_t seed);

}  // namespace wx
