#pragma once

#include <cstdint>
#include <string>
#include <vector>

// An RGB image as received over the wire (already decoded from PNG/JPEG).
struct SegRequest {
  std::string id;
  int64_t width = 0;
  int64_t height = 0;
  std::vector<uint8_t> rgb;  // height * width * 3, interleaved
};

struct SegResponse {
  std::string id;
  int64_t width = 0;
  int64_t height = 0;
  std::vector<int32_t> mask;         // one class id per pixel
  std::vector<float> class_fraction;  // share of pixels per class
  double latency_ms = 0.0;
};
