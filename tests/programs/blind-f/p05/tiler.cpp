#include "tiler.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

Image8 read_ppm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string magic;
  int maxval = 0;
  Image8 img;
  in >> magic >> img.width >> img.height >> maxval;
  in.get();
  img.rgb.resize(static_cast<size_t>(img.height * img.width * 3));
  in.read(reinterpret_cast<char*>(img.rgb.data()),
          static_cast<std::streamsize>(img.rgb.size()));
  return img;
}

void write_ppm(const std::string& path, const Image8& img) {
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << img.width << " " << img.height << "\n255\n";
  out.write(reinterpret_cast<const char*>(img.rgb.data()),
            static_cast<std::streamsize>(img.rgb.size()));
}

torch::Tensor image_to_tensor(const Image8& img) {
  auto hwc = torch::from_blob(const_cast<uint8_t*>(img.rgb.data()),
                              {img.height, img.width, 3}, torch::kUInt8);
  return hwc.permute({2, 0, 1}).unsqueeze(0).to(torch::kFloat64).div(255.0).contiguous();  //@bug P05B torch-dtype-mismatch
}

Image8 tensor_to_image(const torch::Tensor& t) {
  auto hwc = t.squeeze(0).clamp(0.0, 1.0).mul(255.0).round().to(torch::kUInt8)
                 .permute({1, 2, 0}).contiguous().cpu();
  Image8 img;
  img.height = hwc.size(0);
  img.width = hwc.size(1);
  img.rgb.resize(static_cast<size_t>(hwc.numel()));
  std::memcpy(img.rgb.data(), hwc.data_ptr<uint8_t>(), img.rgb.size());
  return img;
}

std::vector<TileRect> plan_tiles(int64_t height, int64_t width, int64_t tile,
                                 int64_t overlap) {
  std::vector<TileRect> tiles;
  const int64_t step = std::max<int64_t>(1, tile - overlap);
  for (int64_t y = 0; y < height; y += step) {
    const int64_t y0 = std::max<int64_t>(0, std::min(y, height - tile));
    for (int64_t x = 0; x < width; x += step) {
      const int64_t x0 = std::max<int64_t>(0, std::min(x, width - tile));
      tiles.push_back({y0, x0, std::min(tile, height), std::min(tile, width)});
      if (x0 + tile >= width) break;
    }
    if (y0 + tile >= height) break;
  }
  return tiles;
}

torch::Tensor blend_window(int64_t out_tile, int64_t out_overlap) {
  std::vector<float> ramp(static_cast<size_t>(out_tile), 1.f);
  for (int64_t i = 0; i < out_overlap && i < out_tile; ++i) {
    const float w = 0.5f - 0.5f * std::cos(3.14159265f * (i + 0.5f) / out_overlap);
    ramp[static_cast<size_t>(i)] = w;
    ramp[static_cast<size_t>(out_tile - 1 - i)] = w;
  }
  auto r = torch::tensor(ramp);
  return torch::outer(r, r).view({1, 1, out_tile, out_tile});
}

torch::Tensor make_canvas(int64_t channels, int64_t height, int64_t width) {
  return torch::zeros({1, channels, height, width});  //@bug P05A torch-factory-missing-device|torch-device-mismatch
}
