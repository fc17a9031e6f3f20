#include "scenes.h"

#include <array>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

std::vector<TrajWindow> read_scene(const std::string& path, int64_t obs_len, int64_t pred_len) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open annotations " + path);
  // ped -> (frame, x, y) in file order, which is frame order
  std::map<int64_t, std::vector<std::array<double, 3>>> tracks;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    double frame = 0, ped = 0, x = 0, y = 0;
    if (ss >> frame >> ped >> x >> y) tracks[static_cast<int64_t>(ped)].push_back({frame, x, y});
  }
  const auto len = static_cast<size_t>(obs_len + pred_len);
  std::vector<TrajWindow> out;
  for (const auto& kv : tracks) {
    const auto& t = kv.second;
    for (size_t s = 0; s + len <= t.size(); ++s) {
      // Only windows without a gap in the annotation (consecutive frame ids).
      if (t[s + len - 1][0] - t[s][0] != 10.0 * static_cast<double>(len - 1)) continue;
      TrajWindow w;
      for (size_t i = s; i < s + len; ++i)
        w.xy.insert(w.xy.end(), {static_cast<float>(t[i][1]), static_cast<float>(t[i][2])});
      out.push_back(std::move(w));
    }
  }
  return out;
}

TrajBatch TrajBatch::to(const torch::Device& device) const {
  return TrajBatch{obs.to(device), obs_rel.to(device), fut.to(device)};
}

TrajBatch make_batch(const std::vector<TrajWindow>& windows, const std::vector<size_t>& order,
                     size_t begin, size_t end, int64_t obs_len) {
  std::vector<torch::Tensor> rows;
  for (size_t i = begin; i < end; ++i) {
    const auto& w = windows[order[i]];
    rows.push_back(torch::from_blob(const_cast<float*>(w.xy.data()),
                                    {static_cast<int64_t>(w.xy.size() / 2), 2}, torch::kFloat32));
  }
  auto all = torch::stack(rows);  // copies out of the windows
  TrajBatch b;
  b.obs = all.slice(1, 0, obs_len);
  b.fut = all.slice(1, obs_len);
  b.obs_rel = torch::cat({torch::zeros_like(b.obs.slice(1, 0, 1)), b.obs.diff(1, 1)}, 1);
  return b;
}

torch::Tensor displacement_std(const std::vector<TrajWindow>& windows) {
  std::vector<double> d;  // all one-step displacements, x and y interleaved
  for (const auto& w : windows)
    for (size_t i = 2; i < w.xy.size(); ++i) d.push_back(static_cast<double>(w.xy[i]) - w.xy[i - 2]);
  auto all = torch::tensor(d, torch::kFloat64).view({-1, 2});
  return (all - all.mean(0)).square().mean(0).sqrt();
}
