#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// A colour fundus photograph as delivered by the screening camera (binary PPM).
struct FundusImage {
  std::string id;
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> rgb;  // height * width * 3, interleaved
};

FundusImage read_ppm(const std::string& path);

struct PreparedFundus {
  torch::Tensor image;  // [1, 3, S, S] Float, Ben Graham local-contrast normalised
  torch::Tensor fov;    // [S, S] Bool, field of view (inside the retina disc)
  double fov_fraction = 0.0;
};

// Crops to the retina, resizes to size x size, subtracts the local average
// colour (Gaussian blur) and masks everything outside the field of view.
PreparedFundus prepare_fundus(const FundusImage& img, int64_t size);
