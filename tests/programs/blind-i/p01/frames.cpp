#include "frames.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace F = torch::nn::functional;

Frame read_ppm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open still " + path);
  std::string magic;
  in >> magic;
  if (magic != "P6") throw std::runtime_error(path + ": not a binary PPM");
  Frame f;
  int maxval = 0;
  in >> f.width >> f.height >> maxval;  // the ingest tool writes no comments
  in.get();                             // single whitespace before the raster
  if (!in || f.width <= 0 || f.height <= 0 || maxval != 255)
    throw std::runtime_error(path + ": unsupported PPM header");
  f.rgb.resize(static_cast<size_t>(f.width * f.height * 3));
  in.read(reinterpret_cast<char*>(f.rgb.data()), static_cast<std::streamsize>(f.rgb.size()));
  if (!in) throw std::runtime_error(path + ": truncated raster");
  return f;
}

torch::Tensor to_chw(const Frame& frame, int64_t size, int64_t info_strip_rows) {
  const int64_t rows = std::max<int64_t>(1, frame.height - info_strip_rows);
  auto hwc = torch::from_blob(const_cast<uint8_t*>(frame.rgb.data()),
                              {frame.height, frame.width, 3}, torch::kUInt8);
  auto chw = hwc.slice(0, 0, rows).permute({2, 0, 1}).to(torch::kFloat32).div_(255.0);
  auto resized = F::interpolate(chw.unsqueeze(0),
                                F::InterpolateFuncOptions()
                                    .size(std::vector<int64_t>{size, size})
                                    .mode(torch::kBilinear)
                                    .align_corners(false));
  return resized.squeeze(0).contiguous();
}

torch::Tensor normalise_rgb(const torch::Tensor& chw) {
  static const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  static const auto stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  return (chw - mean) / stdv;
}

torch::Tensor motion_energy(const std::vector<torch::Tensor>& chw_frames) {
  // Night bursts are infrared stills whose differences are a few grey levels
  // out of 255; accumulate in double so the median and the scaling keep them.
  auto stack = torch::stack(chw_frames).to(torch::kFloat64);  //@bug P01B torch-dtype-mismatch
  auto luma = torch::tensor({0.299, 0.587, 0.114}, torch::kFloat64).view({1, 3, 1, 1});
  auto gray = (stack * luma).sum(1);                         // [N, H, W]
  auto background = std::get<0>(gray.median(0));            // [H, W]
  auto diff = (gray - background).abs();
  // A 5x5 box filter removes single-pixel sensor noise.
  diff = F::avg_pool2d(diff.unsqueeze(1), F::AvgPool2dFuncOptions(5).stride(1).padding(2));
  auto peak = diff.amax({1, 2, 3}, true).clamp_min(1e-6);
  return diff / peak;  //@bug P01B torch-dtype-mismatch
}

std::vector<Burst> read_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open manifest " + path);
  std::vector<Burst> bursts;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    Burst b;
    std::string still;
    ss >> b.id >> b.site;
    while (ss >> still) b.frames.push_back(read_ppm(still));
    if (b.frames.size() >= 2) bursts.push_back(std::move(b));  // single stills are time-lapse
  }
  return bursts;
}
