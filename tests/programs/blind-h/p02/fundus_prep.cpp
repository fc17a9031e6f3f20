#include "fundus_prep.h"

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace F = torch::nn::functional;

FundusImage read_ppm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string magic;
  int maxval = 0;
  FundusImage img;
  in >> magic >> img.width >> img.height >> maxval;
  if (magic != "P6" || maxval != 255) throw std::runtime_error(path + ": not an 8-bit PPM");
  in.get();  // single whitespace before the raster
  img.rgb.resize(static_cast<size_t>(img.height * img.width * 3));
  in.read(reinterpret_cast<char*>(img.rgb.data()), static_cast<std::streamsize>(img.rgb.size()));
  if (!in) throw std::runtime_error(path + ": truncated raster");
  const auto slash = path.find_last_of('/');
  img.id = slash == std::string::npos ? path : path.substr(slash + 1);
  return img;
}

namespace {

torch::Tensor gaussian_kernel(double sigma) {
  const int radius = static_cast<int>(std::ceil(3.0 * sigma));
  std::vector<float> k(static_cast<size_t>(2 * radius + 1));
  float sum = 0.f;
  for (int i = -radius; i <= radius; ++i) {
    k[static_cast<size_t>(i + radius)] = static_cast<float>(std::exp(-0.5 * i * i / (sigma * sigma)));
    sum += k[static_cast<size_t>(i + radius)];
  }
  for (auto& v : k) v /= sum;
  return torch::tensor(k);  // [2r+1] Float
}

// Separable blur of a [1, 3, H, W] image, per channel.
torch::Tensor blur(const torch::Tensor& x, double sigma) {
  auto k = gaussian_kernel(sigma);
  const int64_t n = k.size(0);
  auto kx = k.view({1, 1, 1, n}).expand({3, 1, 1, n}).contiguous();
  auto ky = k.view({1, 1, n, 1}).expand({3, 1, n, 1}).contiguous();
  auto padded = F::pad(x, F::PadFuncOptions({n / 2, n / 2, n / 2, n / 2}).mode(torch::kReplicate));
  auto h = F::conv2d(padded, kx, F::Conv2dFuncOptions().groups(3));
  return F::conv2d(h, ky, F::Conv2dFuncOptions().groups(3));
}

}  // namespace

PreparedFundus prepare_fundus(const FundusImage& img, int64_t size) {
  auto hwc = torch::from_blob(const_cast<uint8_t*>(img.rgb.data()), {img.height, img.width, 3},
                              torch::kUInt8);
  auto x = hwc.permute({2, 0, 1}).unsqueeze(0).to(torch::kFloat32).div(255.0);

  // Bounding box of the retina: columns and rows whose red channel rises
  // above the dark background.
  auto red = x.select(1, 0).squeeze(0);
  auto cols = red.mean(0).gt(0.04).nonzero().squeeze(1);
  auto rows = red.mean(1).gt(0.04).nonzero().squeeze(1);
  if (cols.numel() == 0 || rows.numel() == 0) throw std::runtime_error(img.id + ": no retina found");
  const int64_t x0 = cols.min().item<int64_t>(), x1 = cols.max().item<int64_t>() + 1;
  const int64_t y0 = rows.min().item<int64_t>(), y1 = rows.max().item<int64_t>() + 1;
  x = x.narrow(2, y0, y1 - y0).narrow(3, x0, x1 - x0);
  x = F::interpolate(x, F::InterpolateFuncOptions()
                            .size(std::vector<int64_t>{size, size})
                            .mode(torch::kBilinear)
                            .align_corners(false));

  // Ben Graham's preprocessing: 4 * (image - local average) + 0.5.
  x = (4.0 * (x - blur(x, size / 30.0)) + 0.5).clamp(0.0, 1.0);

  // Circular field of view, slightly inside the disc edge.
  auto coord = (torch::arange(size, torch::kFloat32) + 0.5f) / static_cast<float>(size) - 0.5f;
  auto r2 = coord.view({size, 1}).pow(2) + coord.view({1, size}).pow(2);
  PreparedFundus out;
  out.fov = r2.lt(0.45 * 0.45);
  out.image = x * out.fov.to(torch::kFloat32) + 0.5 * out.fov.logical_not().to(torch::kFloat32);
  out.fov_fraction = out.fov.to(torch::kFloat32).mean().item<double>();
  return out;
}
