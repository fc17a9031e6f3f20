#include "nowcaster.h"

#include "products.h"

Nowcaster::Nowcaster(std::unique_ptr<NowcastEngine> engine, int step_minutes,
                     int horizon_minutes)
    : engine_(std::move(engine)), step_minutes_(step_minutes) {
  lead_minutes_ = lead_time_axis(step_minutes, horizon_minutes);  //@bug P03A torch-device-mismatch|torch-factory-missing-device
}

torch::Tensor Nowcaster::to_log_rain(const RadarScan& scan) const {
  auto counts = torch::from_blob(const_cast<int16_t*>(scan.counts.data()),  //@bug P03B torch-from-blob-dtype
                                 {scan.height, scan.width}, torch::kInt32)
                    .to(torch::kFloat32);
  auto valid = counts.ne(static_cast<float>(scan.nodata));
  auto dbz = counts * scan.gain + scan.offset;
  // Z = 200 R^1.6 (Marshall-Palmer); below 7 dBZ is clutter or drizzle.
  auto z = torch::pow(10.0, dbz / 10.0);
  auto rate = torch::pow(z / 200.0, 1.0 / 1.6);
  rate = torch::where(valid.logical_and(dbz.gt(7.0)), rate, torch::zeros_like(rate));
  return torch::log1p(rate.clamp_max(300.0));
}

Nowcast Nowcaster::run(const std::vector<RadarScan>& history) {
  std::vector<torch::Tensor> frames;
  frames.reserve(history.size());
  for (const auto& scan : history) frames.push_back(to_log_rain(scan));
  auto x = torch::stack(frames).unsqueeze(0).to(engine_->device());

  auto y = engine_->extrapolate(x, lead_minutes_);  //@bug P03A torch-device-mismatch

  Nowcast nc;
  nc.issue_time = history.back().time_utc;
  nc.step_minutes = step_minutes_;
  nc.lead_minutes = lead_minutes_;
  nc.rain = torch::expm1(y.squeeze(0)).clamp_min(0.0).cpu();
  return nc;
}
