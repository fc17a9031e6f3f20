#include "fingerprints.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

FingerprintSet read_fingerprints(const std::string& path, int64_t num_waps) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string line;
  std::getline(in, line);  // header
  std::vector<float> rssi;
  std::vector<double> utm;
  std::vector<int64_t> floors, buildings;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string cell;
    std::vector<double> row;
    while (std::getline(ss, cell, ',')) row.push_back(std::stod(cell));
    if (static_cast<int64_t>(row.size()) < num_waps + 4) continue;
    for (int64_t w = 0; w < num_waps; ++w) {
      const double dbm = row[static_cast<size_t>(w)];
      // Not detected (100) and anything below -104 dBm count as silence.
      rssi.push_back(dbm > 0.0 || dbm < -104.0 ? 0.f : static_cast<float>((dbm + 105.0) / 105.0));
    }
    utm.push_back(row[static_cast<size_t>(num_waps)]);
    utm.push_back(row[static_cast<size_t>(num_waps + 1)]);
    floors.push_back(static_cast<int64_t>(row[static_cast<size_t>(num_waps + 2)]));
    buildings.push_back(static_cast<int64_t>(row[static_cast<size_t>(num_waps + 3)]));
  }
  const auto n = static_cast<int64_t>(floors.size());
  if (n == 0) throw std::runtime_error(path + ": no fingerprints");
  FingerprintSet s;
  s.rssi = torch::from_blob(rssi.data(), {n, num_waps}, torch::kFloat32).clone();
  // Easting/northing are ~4.86e6 m: float32 would round them to half a metre.
  s.utm = torch::from_blob(utm.data(), {n, 2}, torch::kFloat64).clone();  //@bug P10A torch-loss-target-dtype|torch-dtype-mismatch
  s.floor = torch::tensor(floors);
  s.building = torch::tensor(buildings);
  return s;
}

FingerprintSet take(const FingerprintSet& set, const torch::Tensor& index) {
  return FingerprintSet{set.rssi.index_select(0, index), set.utm.index_select(0, index),
                        set.floor.index_select(0, index), set.building.index_select(0, index)};
}

std::map<int64_t, torch::Tensor> floor_logit_masks(const FingerprintSet& set, int64_t max_floors) {
  std::map<int64_t, torch::Tensor> masks;
  auto b = set.building.accessor<int64_t, 1>();
  auto f = set.floor.accessor<int64_t, 1>();
  for (int64_t i = 0; i < b.size(0); ++i) {
    auto it = masks.find(b[i]);
    if (it == masks.end()) it = masks.emplace(b[i], torch::full({max_floors}, -1e4)).first;  //@bug P10B torch-factory-missing-device|torch-device-mismatch
    it->second[f[i]] = 0.0;
  }
  return masks;
}
