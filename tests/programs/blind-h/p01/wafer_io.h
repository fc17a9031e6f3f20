#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// One wafer map as exported by the prober's end-of-lot summary: a grid of
// die sites, 0 = no die (outside the wafer edge), 1 = passed the electrical
// test, 2 = failed it.
struct WaferMap {
  std::string lot_id;
  int wafer_no = 0;
  int64_t rows = 0;
  int64_t cols = 0;
  std::vector<uint8_t> dies;  // rows * cols, row-major
};

// Text export: "LOT <id>", "WAFER <n>", "SIZE <rows> <cols>", then one line
// per row with '.' (no die), 'P' (pass) and 'F' (fail).
WaferMap read_wafer_map(const std::string& path);

// Fraction of the dies on the wafer that failed.
double fail_fraction(const WaferMap& map);

// [1, 3, size, size] Float planes (no die / pass / fail), nearest-neighbour
// resized so that every product's grid fits the classifier's input.
torch::Tensor wafer_to_planes(const WaferMap& map, int64_t size);
