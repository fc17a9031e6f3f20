#pragma once

#include <cstdint>
#include <string>
#include <vector>

// One national radar composite (reflectivity, 1 km grid) in the network's
// binary exchange format: a small header followed by the raw 16-bit counts.
// dBZ = gain * count + offset; the no-data count marks pixels no radar sees.
struct RadarScan {
  int64_t time_utc = 0;   // seconds since the epoch
  int64_t height = 0;
  int64_t width = 0;
  float gain = 0.5f;
  float offset = -32.0f;
  int16_t nodata = -32768;
  std::vector<int16_t> counts;  // height * width, row-major
};

RadarScan read_scan(const std::string& path);

// Reads the history frames in order and checks that they share one grid and
// come at a constant interval; returns that interval in minutes.
int read_history(const std::vector<std::string>& paths, std::vector<RadarScan>& scans);
