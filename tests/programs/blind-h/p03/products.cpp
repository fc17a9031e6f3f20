#include "products.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>

torch::Tensor lead_time_axis(int step_minutes, int horizon_minutes) {
  const int64_t k = horizon_minutes / step_minutes;
  if (k < 1) throw std::runtime_error("horizon shorter than one step");
  return torch::arange(1, k + 1, torch::kFloat32) * static_cast<float>(step_minutes);  //@bug P03A torch-factory-missing-device|torch-device-mismatch
}

std::vector<District> read_districts(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open district table " + path);
  std::vector<District> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    District d;
    if (ss >> d.name >> d.y0 >> d.y1 >> d.x0 >> d.x1) out.push_back(d);
  }
  return out;
}

namespace {

struct Level {
  const char* name;
  float rate;   // mm/h
  float accum;  // mm over the horizon
};
const Level kLevels[] = {{"red", 50.f, 40.f}, {"orange", 25.f, 20.f}, {"yellow", 10.f, 10.f}};

}  // namespace

std::vector<Warning> issue_warnings(const Nowcast& nc, const std::vector<District>& districts) {
  std::vector<Warning> out;
  const auto rain = nc.rain;  // host
  const int64_t h = rain.size(1), w = rain.size(2);
  auto total = rain.sum(0) * (nc.step_minutes / 60.0);  // [H, W] mm
  auto leads = nc.lead_minutes.cpu();
  auto lead_acc = leads.accessor<float, 1>();
  for (const auto& d : districts) {
    const int64_t y0 = std::max<int64_t>(0, d.y0), y1 = std::min(h, d.y1);
    const int64_t x0 = std::max<int64_t>(0, d.x0), x1 = std::min(w, d.x1);
    if (y1 <= y0 || x1 <= x0) continue;
    auto peak_by_lead = rain.slice(1, y0, y1).slice(2, x0, x1).amax({1, 2}).contiguous();
    const double accum = total.slice(0, y0, y1).slice(1, x0, x1).max().item<double>();
    auto peak = peak_by_lead.accessor<float, 1>();
    for (const auto& lv : kLevels) {
      int64_t first = -1;
      for (int64_t k = 0; k < peak.size(0); ++k) {
        if (peak[k] >= lv.rate) { first = k; break; }
      }
      if (first >= 0 || accum >= lv.accum) {
        Warning wn;
        wn.district = d.name;
        wn.level = lv.name;
        wn.first_lead_min = first >= 0 ? static_cast<int>(lead_acc[first])
                                       : static_cast<int>(lead_acc[lead_acc.size(0) - 1]);
        wn.peak_rate = peak_by_lead.max().item<double>();
        wn.accumulation = accum;
        out.push_back(wn);
        break;  // highest level only
      }
    }
  }
  return out;
}

void print_warnings(const Nowcast& nc, const std::vector<Warning>& warnings) {
  std::time_t t = static_cast<std::time_t>(nc.issue_time);
  char stamp[32];
  std::strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  std::printf("nowcast issued %s, %lld lead times\n", stamp,
              static_cast<long long>(nc.lead_minutes.size(0)));
  if (warnings.empty()) std::printf("  no warnings\n");
  for (const auto& w : warnings) {
    std::printf("  %-7s %-20s from +%3d min  peak %5.1f mm/h  total %5.1f mm\n", w.level.c_str(),
                w.district.c_str(), w.first_lead_min, w.peak_rate, w.accumulation);
  }
}
