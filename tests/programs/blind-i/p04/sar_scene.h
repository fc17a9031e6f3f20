#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// A VV ground-range SAR scene from the coastal archive ("SARS" files).
struct SarScene {
  std::string id;
  int64_t rows = 0, cols = 0;
  std::vector<uint16_t> dn;      // rows * cols
  std::vector<float> sigma_lut;  // cols: sigma0 = dn^2 / lut^2
  std::vector<uint8_t> land;     // rows * cols, 1 on land
  struct Geocoding {  // centre of pixel (0, 0), degrees per row and column, metres per pixel
    double lat0, lon0, dlat_row, dlon_col, spacing_m;
  } geo{};
};

SarScene read_scene(const std::string& path);

torch::Tensor calibrate_db(const SarScene& scene);  // sigma0 dB [rows, cols] float32, host
torch::Tensor land_mask(const SarScene& scene);     // [rows, cols] bool, host

// Mean and standard deviation of sigma0 (dB) over open sea in the training
// scenes, as two float64 values: [2] float64.
torch::Tensor read_db_stats(const std::string& path);
