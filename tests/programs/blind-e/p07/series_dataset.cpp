#include "series_dataset.h"

#include <cmath>

SeriesDataset::SeriesDataset(const ForecastConfig& cfg, int64_t first_hour,
                             int64_t hours)
    : cfg_(cfg) {
  for (int64_t m = 0; m < cfg.num_meters; ++m) {
    MeterSeries s;
    s.meter_id = m;
    const float base = 0.4f + 0.05f * static_cast<float>(m % 9);
    for (int64_t h = first_hour; h < first_hour + hours; ++h) {
      const float daily = std::sin(2.f * 3.14159f * static_cast<float>(h % 24) / 24.f);
      const float weekly = (h / 24) % 7 >= 5 ? 0.8f : 1.f;
      const bool missing = (h * 31 + m * 7) % 97 == 0;
      s.load.push_back(missing ? 0.f : weekly * (base + 0.3f * daily));
      s.valid.push_back(missing ? 0 : 1);
    }
    const int64_t last = hours - cfg.history - cfg.horizon;
    for (int64_t t = 0; t <= last; t += 12) windows_.push_back({m, t});
    meters_.push_back(std::move(s));
  }
}

SeriesBatch SeriesDataset::batch(const int64_t* window_idx, int64_t count) const {
  std::vector<float> hist, tgt;
  std::vector<uint8_t> valid;
  std::vector<int64_t> ids;
  for (int64_t i = 0; i < count; ++i) {
    const Window& w = windows_[static_cast<size_t>(window_idx[i])];
    const MeterSeries& s = meters_[static_cast<size_t>(w.meter)];
    const auto h0 = s.load.begin() + w.start;
    hist.insert(hist.end(), h0, h0 + cfg_.history);
    tgt.insert(tgt.end(), h0 + cfg_.history, h0 + cfg_.history + cfg_.horizon);
    const auto v0 = s.valid.begin() + w.start + cfg_.history;
    valid.insert(valid.end(), v0, v0 + cfg_.horizon);
    ids.push_back(s.meter_id);
  }
  SeriesBatch b;
  b.history = torch::from_blob(hist.data(), {count, cfg_.history, 1}, torch::kFloat32).clone();
  b.target = torch::from_blob(tgt.data(), {count, cfg_.horizon}, torch::kFloat32).clone();
  b.mask = torch::from_blob(valid.data(), {count, cfg_.horizon}, torch::kUInt8)
               .to(torch::kFloat32);
  b.meter_ids = torch::tensor(ids);
  return b;
}
