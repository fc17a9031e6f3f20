#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// g, r, i cutouts of survey galaxies ("GZC1" files from the imaging pipeline:
// calibrated fluxes in nanomaggies, one file per field).
struct Cutout {
  int64_t objid = 0;
  double ra = 0.0, dec = 0.0;  // degrees
  int64_t height = 0, width = 0;
  std::vector<float> flux;     // [3][height][width], band-major
};

std::vector<Cutout> read_field(const std::string& path);

// asinh-stretched, centre-cropped [3, size, size] float32 image on the host.
torch::Tensor prepare_cutout(const Cutout& c, int64_t size);
