#include "checkins.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

CheckinSet load_checkins(const std::string& tsv_path) {
  std::ifstream in(tsv_path);
  std::vector<int64_t> hist, next;
  int64_t max_id = 0;
  std::string line;
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::vector<int64_t> ids;
    int64_t v = 0;
    while (ss >> v) ids.push_back(v);
    if (ids.size() < 2) continue;
    const int64_t target = ids.back();
    ids.pop_back();
    for (int64_t k = 0; k < kHistory; ++k) {
      const int64_t src = static_cast<int64_t>(ids.size()) - kHistory + k;
      hist.push_back(src >= 0 ? ids[static_cast<size_t>(src)] : 0);
      max_id = std::max(max_id, hist.back());
    }
    next.push_back(target);
    max_id = std::max(max_id, target);
  }
  CheckinSet set;
  const int64_t n = static_cast<int64_t>(next.size());
  set.history = torch::tensor(hist).view({n, kHistory});
  set.next = torch::tensor(next);
  set.num_venues = max_id + 1;
  return set;
}

torch::Tensor build_negative_table(const CheckinSet& data, int64_t table_size) {
  torch::Tensor freq = torch::bincount(data.next, {}, data.num_venues).to(torch::kFloat64).pow(0.75);
  freq = freq / freq.sum();
  torch::Tensor cdf = freq.cumsum(0);
  torch::Tensor table = torch::empty({table_size}, torch::kInt64);
  int64_t venue = 0;
  for (int64_t i = 0; i < table_size; ++i) {
    const double u = (static_cast<double>(i) + 0.5) / static_cast<double>(table_size);
    while (venue + 1 < data.num_venues && cdf[venue].item<double>() < u) ++venue;
    table[i] = venue;
  }
  return table;
}
