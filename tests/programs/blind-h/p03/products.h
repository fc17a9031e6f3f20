#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "nowcaster.h"

// Lead times step, 2*step, ... up to the horizon, in minutes.
torch::Tensor lead_time_axis(int step_minutes, int horizon_minutes);

// Warning districts as rectangles of the composite grid.
struct District {
  std::string name;
  int64_t y0 = 0, y1 = 0, x0 = 0, x1 = 0;
};
std::vector<District> read_districts(const std::string& path);

struct Warning {
  std::string district;
  std::string level;       // yellow / orange / red
  int first_lead_min = 0;  // first lead time at which the threshold is reached
  double peak_rate = 0.0;  // mm/h, district maximum over the horizon
  double accumulation = 0.0;  // mm, district maximum of the horizon total
};

std::vector<Warning> issue_warnings(const Nowcast& nc, const std::vector<District>& districts);
void print_warnings(const Nowcast& nc, const std::vector<Warning>& warnings);
