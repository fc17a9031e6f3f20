#include "ais.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

std::vector<AisReport> read_ais(const std::string& csv_path) {
  std::ifstream in(csv_path);
  if (!in) throw std::runtime_error("cannot open AIS extract " + csv_path);
  std::vector<AisReport> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream ss(line);
    AisReport r;
    if (ss >> r.mmsi >> r.lat >> r.lon >> r.length_m) out.push_back(r);
  }
  return out;
}

std::vector<AisMatch> match_ais(const std::vector<ShipDetection>& detections,
                                const std::vector<AisReport>& reports, double max_distance_m) {
  std::vector<AisMatch> matches(detections.size());
  if (detections.empty() || reports.empty()) return matches;
  const auto k = static_cast<int64_t>(detections.size());

  std::vector<double> det_ll, ais_ll;
  std::vector<float> ais_len;
  for (const auto& d : detections) det_ll.insert(det_ll.end(), {d.lat, d.lon});
  for (const auto& r : reports) {
    ais_ll.insert(ais_ll.end(), {r.lat, r.lon});
    ais_len.push_back(r.length_m);
  }
  auto det = torch::from_blob(det_ll.data(), {k, 2}, torch::kFloat64).clone();
  auto ais = torch::tensor(ais_ll, torch::kFloat64).view({-1, 2});

  // Local equirectangular metres: the scene spans a few tens of kilometres.
  constexpr double kDeg = 3.14159265358979323846 / 180.0;
  const double lat_ref = det.select(1, 0).mean().item<double>() * kDeg;
  auto to_xy = [lat_ref](const torch::Tensor& ll) {
    const double metres_per_deg = 6371000.0 * kDeg;
    return torch::stack({ll.select(1, 1) * (metres_per_deg * std::cos(lat_ref)),
                         ll.select(1, 0) * metres_per_deg}, 1);
  };
  auto dist = torch::cdist(to_xy(det), to_xy(ais));  // [K, M] float64
  // A report whose length is off by more than a factor of two is another ship.
  std::vector<float> det_len;
  for (const auto& d : detections) det_len.push_back(d.length_m);
  auto ratio = torch::tensor(det_len).unsqueeze(1) / torch::tensor(ais_len).clamp_min(1.f);
  auto known = torch::tensor(ais_len).gt(0.f);
  dist = dist.masked_fill(known.logical_and(ratio.lt(0.5f).logical_or(ratio.gt(2.f))), 1e12);

  torch::Tensor best_d, best_i;
  std::tie(best_d, best_i) = dist.min(1);
  auto bd = best_d.accessor<double, 1>();
  auto bi = best_i.accessor<int64_t, 1>();
  for (int64_t i = 0; i < k; ++i)
    if (bd[i] <= max_distance_m)
      matches[static_cast<size_t>(i)] = {reports[static_cast<size_t>(bi[i])].mmsi, bd[i]};
  return matches;
}
