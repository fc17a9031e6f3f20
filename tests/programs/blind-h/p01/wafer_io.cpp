#include "wafer_io.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace F = torch::nn::functional;

WaferMap read_wafer_map(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open wafer map " + path);
  WaferMap map;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "LOT") {
      ss >> map.lot_id;
    } else if (key == "WAFER") {
      ss >> map.wafer_no;
    } else if (key == "SIZE") {
      ss >> map.rows >> map.cols;
      map.dies.reserve(static_cast<size_t>(map.rows * map.cols));
    } else {
      for (char c : line) {
        if (c == '.') map.dies.push_back(0);
        else if (c == 'P') map.dies.push_back(1);
        else if (c == 'F') map.dies.push_back(2);
      }
    }
  }
  if (map.rows <= 0 || static_cast<int64_t>(map.dies.size()) != map.rows * map.cols)
    throw std::runtime_error("malformed wafer map " + path);
  return map;
}

double fail_fraction(const WaferMap& map) {
  size_t on_wafer = 0, failed = 0;
  for (uint8_t d : map.dies) {
    if (d != 0) ++on_wafer;
    if (d == 2) ++failed;
  }
  return on_wafer ? static_cast<double>(failed) / static_cast<double>(on_wafer) : 0.0;
}

torch::Tensor wafer_to_planes(const WaferMap& map, int64_t size) {
  // The grid is copied out of the map by .to(kLong), so nothing keeps a view
  // of map.dies once this returns.
  auto grid = torch::from_blob(const_cast<uint8_t*>(map.dies.data()), {map.rows, map.cols},
                               torch::kUInt8)
                  .to(torch::kLong);
  auto planes = F::one_hot(grid, 3).permute({2, 0, 1}).unsqueeze(0).to(torch::kFloat32);
  return F::interpolate(planes, F::InterpolateFuncOptions()
                                    .size(std::vector<int64_t>{size, size})
                                    .mode(torch::kNearest));
}
