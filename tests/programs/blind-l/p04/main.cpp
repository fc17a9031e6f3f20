#include <iomanip>
#include <iostream>

#include "observations.h"
#include "forecaster.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: nowcast MODEL.pt STATIONS.txt\n";
    return 1;
  }
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA, 0);

  wx::Forecaster forecaster(argv[1], device, wx::Normalizer::climatology());
  const auto stations = wx::read_stations(argv[2]);
  if (stations.empty()) {
    std::cerr << "no stations\n";
    return 1;
  }

  auto history = wx::recent_history(stations, 2024);
  auto meta = wx::encode_stations(stations);
  auto forecast = forecaster.predict(history, meta);

  auto mean_acc = forecast.mean_c.accessor<float, 2>();
  auto spread_acc = forecast.spread_c.accessor<float, 2>();
  std::cout << std::fixed << std::setprecision(1);
  for (size_t s = 0; s < stations.size(); ++s) {
    std::cout << stations[s].id << ":";
    for (int64_t h = 0; h < forecast.mean_c.size(1); ++h)
      std::cout << " +" << h + 1 << "h " << mean_acc[s][h] << "+-" << spread_acc[s][h];
    std::cout << "\n";
  }
  return 0;
}
