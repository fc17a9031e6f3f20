#include "report.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names = {
      "center", "donut", "edge-loc", "edge-ring", "loc",
      "near-full", "random", "scratch", "none"};
  return names;
}

torch::Tensor load_disposition_costs(const std::string& path, int64_t num_patterns) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open cost table " + path);
  std::vector<double> costs;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::string name;
    double ship = 0, rework = 0, scrap = 0;
    if (!(ss >> name >> ship >> rework >> scrap)) continue;
    costs.insert(costs.end(), {ship, rework, scrap});
  }
  if (static_cast<int64_t>(costs.size()) != num_patterns * 3)
    throw std::runtime_error("cost table needs one row per pattern");
  return torch::from_blob(costs.data(), {num_patterns, 3}, torch::kFloat64).clone();  //@bug P01B torch-dtype-mismatch
}

void print_result(const PatternResult& r) {
  static const char* disp[] = {"SHIP", "REWORK", "SCRAP"};
  const auto& names = pattern_names();
  auto p = r.probs.accessor<float, 1>();
  std::printf("%s #%02d  fail %.1f%%  pattern %-9s (%.2f)  -> %s\n", r.lot_id.c_str(),
              r.wafer_no, 100.0 * r.fail_fraction, names[static_cast<size_t>(r.top)].c_str(),
              p[r.top], disp[static_cast<int>(r.disposition)]);
  for (int64_t k = 0; k < p.size(0); ++k) {
    if (k != r.top && p[k] > 0.15f)
      std::printf("    also %-9s (%.2f)\n", names[static_cast<size_t>(k)].c_str(), p[k]);
  }
}

std::string cam_ascii(const torch::Tensor& cam) {
  static const char ramp[] = " .:-=+*#%@";
  auto a = cam.accessor<float, 2>();  //@bug P01A torch-host-read-device-tensor
  std::string out;
  for (int64_t y = 0; y < a.size(0); ++y) {
    for (int64_t x = 0; x < a.size(1); ++x) {
      int level = static_cast<int>(a[y][x] * 9.0f + 0.5f);
      level = level < 0 ? 0 : (level > 9 ? 9 : level);
      out += ramp[level];
      out += ramp[level];
    }
    out += '\n';
  }
  return out;
}
