#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "detection.h"

struct AisReport {  // interpolated to the scene's acquisition time
  int64_t mmsi = 0;
  double lat = 0, lon = 0;
  float length_m = 0.f;  // 0 when the transponder does not send it
};

std::vector<AisReport> read_ais(const std::string& csv_path);

struct AisMatch {
  int64_t mmsi = -1;  // -1: no transponder nearby, a "dark" vessel
  double distance_m = -1.0;
};

// Nearest AIS report within max_distance_m with a compatible length.
std::vector<AisMatch> match_ais(const std::vector<ShipDetection>& detections,
                                const std::vector<AisReport>& reports, double max_distance_m);
