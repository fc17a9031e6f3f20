#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "depth_backend.h"

struct DepthImage {
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> rgb;      // turbo-coloured depth, [H * W * 3]
  double median_depth_m = 0.0;   // over confident pixels
  double valid_fraction = 0.0;
};

// Brings the result back to the host, masks low-confidence pixels and maps
// depth in [0, max_depth_m] through a 256-entry colour table.
DepthImage colorize(const DepthResult& result, double max_depth_m,
                    double min_confidence);

void write_ppm(const std::string& path, const DepthImage& img);
