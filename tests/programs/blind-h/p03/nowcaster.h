#pragma once

#include <torch/torch.h>

#include <memory>
#include <vector>

#include "nowcast_engine.h"
#include "radar_io.h"

struct Nowcast {
  int64_t issue_time = 0;
  int step_minutes = 5;
  torch::Tensor lead_minutes;  // [K]
  torch::Tensor rain;          // [K, H, W] rain rate in mm/h, host
};

class Nowcaster {
 public:
  Nowcaster(std::unique_ptr<NowcastEngine> engine, int step_minutes, int horizon_minutes);

  Nowcast run(const std::vector<RadarScan>& history);
  const NowcastEngine& engine() const { return *engine_; }

 private:
  // log(1 + R) of one composite, R from the Marshall-Palmer Z-R relation.
  torch::Tensor to_log_rain(const RadarScan& scan) const;

  std::unique_ptr<NowcastEngine> engine_;
  int step_minutes_;
  torch::Tensor lead_minutes_;  // [K] lead times the network is asked for
};
