#include "letterbox.h"

#include <algorithm>
#include <cmath>

namespace F = torch::nn::functional;

Letterbox letterbox(const Frame& f, int64_t size) {
  auto img = torch::from_blob(const_cast<float*>(f.planes.data()),
                              {1, 3, f.height, f.width}, torch::kFloat32);
  Letterbox lb;
  lb.scale = static_cast<float>(size) /
             static_cast<float>(std::max(f.width, f.height));
  const auto nw = static_cast<int64_t>(std::round(f.width * lb.scale));
  const auto nh = static_cast<int64_t>(std::round(f.height * lb.scale));
  auto resized = F::interpolate(
      img, F::InterpolateFuncOptions()
               .size(std::vector<int64_t>{nh, nw})
               .mode(torch::kBilinear)
               .align_corners(false));
  const int64_t px = (size - nw) / 2;
  const int64_t py = (size - nh) / 2;
  lb.input = torch::full({1, 3, size, size}, 0.447f);
  lb.input.narrow(2, py, nh).narrow(3, px, nw).copy_(resized);

  const auto s = static_cast<float>(size);
  lb.input_whwh = torch::tensor({s, s, s, s});  //@bug P05A torch-factory-missing-device|torch-device-mismatch
  lb.pad_xyxy = torch::tensor({static_cast<float>(px), static_cast<float>(py),
                               static_cast<float>(px), static_cast<float>(py)});
  return lb;
}
