#include "series.h"

#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

LoadSeries read_load_csv(const std::string& path) {
  LoadSeries s;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header: timestamp,load_kw
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string ts, kw;
    if (!std::getline(ss, ts, ',') || !std::getline(ss, kw, ',')) continue;
    s.timestamps.push_back(std::stod(ts));
    s.load_kw.push_back(std::stof(kw));
  }
  return s;
}

WindowSet make_windows(const LoadSeries& s, int64_t lookback, int64_t horizon) {
  const int64_t n = static_cast<int64_t>(s.load_kw.size());
  WindowSet w;

  auto load = torch::from_blob(const_cast<float*>(s.load_kw.data()), {n},
                               torch::kFloat32)
                  .clone();
  w.mean = load.mean().item<float>();
  w.scale = load.std().item<float>() + 1e-6f;
  load = (load - w.mean) / w.scale;

  // Hour of day from the double timestamps; the features are stored as float.
  auto ts = torch::from_blob(const_cast<double*>(s.timestamps.data()), {n},
                             torch::kFloat64);
  auto hour = torch::fmod(ts / 3600.0, 24.0);
  auto angle = (hour * (2.0 * M_PI / 24.0)).to(torch::kFloat32);
  auto feats = torch::stack({load, torch::sin(angle), torch::cos(angle)}, 1);

  const int64_t count = std::max<int64_t>(0, n - lookback - horizon + 1);
  w.inputs = torch::zeros({count, lookback, 3});
  w.targets = torch::zeros({count, horizon});
  for (int64_t i = 0; i < count; ++i) {
    w.inputs[i] = feats.slice(0, i, i + lookback);
    w.targets[i] = load.slice(0, i + lookback, i + lookback + horizon);
  }
  return w;
}
