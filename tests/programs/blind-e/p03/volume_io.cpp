#include "volume_io.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

CtVolume read_raw_volume(const std::string& path, int64_t d, int64_t h,
                         int64_t w) {
  CtVolume v;
  v.depth = d;
  v.height = h;
  v.width = w;
  v.hu.resize(static_cast<size_t>(d * h * w));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  in.read(reinterpret_cast<char*>(v.hu.data()),
          static_cast<std::streamsize>(v.hu.size() * sizeof(int16_t)));
  return v;
}

torch::Tensor lung_window(const CtVolume& vol) {
  auto raw = torch::from_blob(const_cast<int16_t*>(vol.hu.data()),
                              {vol.depth, vol.height, vol.width}, torch::kInt16);
  auto hu = raw.to(torch::kFloat32).clamp(-1000.0, 400.0);
  return (hu + 1000.0) / 1400.0;
}

torch::Tensor slab(const torch::Tensor& windowed, int64_t start, int64_t count) {
  count = std::min(count, windowed.size(0) - start);
  return windowed.narrow(0, start, count).unsqueeze(1).contiguous();
}
