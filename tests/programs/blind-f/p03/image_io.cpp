#include "image_io.h"

#include <fstream>
#include <stdexcept>

namespace F = torch::nn::functional;

RgbFrame read_ppm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string magic;
  int maxval = 0;
  RgbFrame f;
  in >> magic >> f.width >> f.height >> maxval;
  in.get();
  if (magic != "P6" || maxval != 255) throw std::runtime_error("not an 8-bit P6 ppm");
  f.pixels.resize(static_cast<size_t>(f.height * f.width * 3));
  in.read(reinterpret_cast<char*>(f.pixels.data()),
          static_cast<std::streamsize>(f.pixels.size()));
  return f;
}

torch::Tensor frame_to_input(const RgbFrame& frame, int64_t net_h, int64_t net_w) {
  auto hwc = torch::from_blob(const_cast<uint8_t*>(frame.pixels.data()),
                              {frame.height, frame.width, 3}, torch::kUInt8);
  auto chw = hwc.permute({2, 0, 1}).to(torch::kFloat32).div(255.0).unsqueeze(0);
  chw = F::interpolate(chw, F::InterpolateFuncOptions()
                                .size(std::vector<int64_t>{net_h, net_w})
                                .mode(torch::kBilinear)
                                .align_corners(false));
  static const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({1, 3, 1, 1});
  static const auto stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({1, 3, 1, 1});
  return ((chw - mean) / stdv).contiguous();
}
