#include "observations.h"

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

namespace wx {

Normalizer::Normalizer(const std::vector<float>& mean, const std::vector<float>& stddev)
    : mean_(torch::tensor(mean)), stddev_(torch::tensor(stddev)) {}

Normalizer Normalizer::climatology() {
  return Normalizer({9.8f, 4.1f, 1013.2f, 0.6f, 0.2f, 0.09f},
                    {8.7f, 7.9f, 9.4f, 4.3f, 4.0f, 0.55f});
}

torch::Tensor Normalizer::temperature(const torch::Tensor& z) const {
  return z * stddev_[0] + mean_[0];
}

std::vector<Station> read_stations(const std::string& path) {
  std::vector<Station> stations;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    Station s;
    if (row >> s.id >> s.latitude >> s.longitude >> s.elevation_m) stations.push_back(s);
  }
  return stations;
}

torch::Tensor encode_stations(const std::vector<Station>& stations) {
  constexpr double kDegToRad = 3.14159265358979323846 / 180.0;
  auto meta = torch::empty({static_cast<int64_t>(stations.size()), 3}, torch::kFloat64);
  auto acc = meta.accessor<double, 2>();
  for (size_t i = 0; i < stations.size(); ++i) {
    acc[i][0] = std::sin(stations[i].latitude * kDegToRad);
    acc[i][1] = std::cos(stations[i].longitude * kDegToRad);
    acc[i][2] = stations[i].elevation_m / 1000.0;
  }
  return meta;
}

torch::Tensor recent_history(const std::vector<Station>& stations, uint64_t seed) {
  // Stand-in for the observation feed: a diurnal cycle plus noise per station.
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  const auto n = static_cast<int64_t>(stations.size());
  auto obs = torch::zeros({n, kHistoryHours, kObsFeatures});
  auto acc = obs.accessor<float, 3>();
  for (int64_t s = 0; s < n; ++s) {
    for (int64_t h = 0; h < kHistoryHours; ++h) {
      const float diurnal = 6.0f * std::sin(6.2831853f * (h - 9) / 24.0f);
      acc[s][h][0] = 12.0f + diurnal + noise(rng);
      acc[s][h][1] = 6.0f + 0.5f * diurnal + noise(rng);
      acc[s][h][2] = 1012.0f + 2.0f * noise(rng);
      acc[s][h][3] = 2.0f * noise(rng);
      acc[s][h][4] = 2.0f * noise(rng);
      acc[s][h][5] = std::max(0.0f, 0.3f * noise(rng));
    }
  }
  return obs;
}

}  // namespace wx
