#include "colorize.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

namespace {

// A coarse polynomial approximation of Google's turbo colormap.
torch::Tensor turbo_lut() {
  std::vector<float> lut(256 * 3);
  for (int i = 0; i < 256; ++i) {
    const float t = static_cast<float>(i) / 255.f;
    const float r = 0.136f + t * (4.615f + t * (-42.66f + t * (132.13f + t * (-152.95f + t * 59.29f))));
    const float g = 0.091f + t * (2.194f + t * (4.843f + t * (-14.19f + t * (4.27f + t * 2.83f))));
    const float b = 0.107f + t * (12.64f + t * (-60.58f + t * (110.36f + t * (-89.9f + t * 27.35f))));
    lut[static_cast<size_t>(i * 3 + 0)] = std::clamp(r, 0.f, 1.f) * 255.f;
    lut[static_cast<size_t>(i * 3 + 1)] = std::clamp(g, 0.f, 1.f) * 255.f;
    lut[static_cast<size_t>(i * 3 + 2)] = std::clamp(b, 0.f, 1.f) * 255.f;
  }
  return torch::tensor(lut).view({256, 3});
}

}  // namespace

DepthImage colorize(const DepthResult& result, double max_depth_m,
                    double min_confidence) {
  auto depth = result.depth_m.squeeze(0).squeeze(0).cpu();      // [H, W] Float
  auto conf = result.confidence.squeeze(0).squeeze(0).cpu();
  auto invalid = conf < min_confidence;                          // host Bool
  auto shown = depth.masked_fill(invalid, 0.0).clamp(0.0, max_depth_m);

  DepthImage img;
  img.height = depth.size(0);
  img.width = depth.size(1);
  auto valid_depths = depth.index({invalid.logical_not()});
  img.valid_fraction = static_cast<double>(valid_depths.numel()) /
                       static_cast<double>(depth.numel());
  img.median_depth_m = valid_depths.numel() > 0 ? valid_depths.median().item<double>() : 0.0;

  auto idx = (shown / max_depth_m * 255.0).round().to(torch::kLong).flatten();
  static const auto lut = turbo_lut();
  auto rgb = lut.index_select(0, idx).round().to(torch::kUInt8).contiguous();  // [H*W, 3]
  img.rgb.resize(static_cast<size_t>(rgb.numel()));
  std::memcpy(img.rgb.data(), rgb.data_ptr<uint8_t>(), img.rgb.size());

  // Grey out the masked pixels row by row.
  auto inv = invalid.accessor<bool, 2>();
  for (int64_t y = 0; y < img.height; ++y) {
    for (int64_t x = 0; x < img.width; ++x) {
      if (inv[y][x]) {
        const size_t o = static_cast<size_t>((y * img.width + x) * 3);
        img.rgb[o] = img.rgb[o + 1] = img.rgb[o + 2] = 96;
      }
    }
  }
  return img;
}

void write_ppm(const std::string& path, const DepthImage& img) {
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << img.width << " " << img.height << "\n255\n";
  out.write(reinterpret_cast<const char*>(img.rgb.data()),
            static_cast<std::streamsize>(img.rgb.size()));
}
