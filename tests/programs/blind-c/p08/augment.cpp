#include "augment.h"

#include <fstream>
#include <iterator>
#include <vector>

namespace F = torch::nn::functional;

torch::Tensor load_float_images(const std::string& path, int64_t size) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  const auto bytes = static_cast<size_t>(in.tellg());
  in.seekg(0);
  std::vector<float> buf(bytes / sizeof(float));
  in.read(reinterpret_cast<char*>(buf.data()), buf.size() * sizeof(float));
  const int64_t n = static_cast<int64_t>(buf.size()) / (3 * size * size);
  // clone(): the vector goes away when we return
  return torch::from_blob(buf.data(), {n, 3, size, size}, torch::kFloat32)
      .clone();
}

torch::Tensor load_labels(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  const auto bytes = static_cast<size_t>(in.tellg());
  in.seekg(0);
  std::vector<int64_t> buf(bytes / sizeof(int64_t));
  in.read(reinterpret_cast<char*>(buf.data()), buf.size() * sizeof(int64_t));
  return torch::from_blob(buf.data(), {static_cast<int64_t>(buf.size())},
                          torch::kInt64)
      .clone();
}

namespace {

torch::Tensor random_resized_crop(const torch::Tensor& x) {
  const int64_t b = x.size(0);
  const int64_t h = x.size(2);
  const int64_t w = x.size(3);
  // One random scale per batch keeps the crop a single strided view.
  const double scale = 0.5 + 0.5 * torch::rand({1}).item<double>();
  const int64_t ch = std::max<int64_t>(8, static_cast<int64_t>(h * scale));
  const int64_t cw = std::max<int64_t>(8, static_cast<int64_t>(w * scale));
  const int64_t top = torch::randint(0, h - ch + 1, {1}).item<int64_t>();
  const int64_t left = torch::randint(0, w - cw + 1, {1}).item<int64_t>();
  auto crop = x.slice(2, top, top + ch).slice(3, left, left + cw);
  (void)b;
  return F::interpolate(crop, F::InterpolateFuncOptions()
                                  .size(std::vector<int64_t>{h, w})
                                  .mode(torch::kBilinear)
                                  .align_corners(false));
}

torch::Tensor color_jitter(const torch::Tensor& x) {
  const int64_t b = x.size(0);
  auto brightness = 0.6 + 0.8 * torch::rand({b, 1, 1, 1});
  auto contrast = 0.6 + 0.8 * torch::rand({b, 1, 1, 1});
  auto mean = x.mean({1, 2, 3}, /*keepdim=*/true);
  return ((x * brightness - mean) * contrast + mean).clamp(0.0, 1.0);
}

torch::Tensor random_flip(const torch::Tensor& x) {
  auto flip = torch::rand({x.size(0)}) < 0.5;
  auto flipped = x.flip({3});
  return torch::where(flip.view({-1, 1, 1, 1}), flipped, x);
}

}  // namespace

std::pair<torch::Tensor, torch::Tensor> two_views(const torch::Tensor& batch) {
  auto a = color_jitter(random_flip(random_resized_crop(batch)));
  auto b = color_jitter(random_flip(random_resized_crop(batch)));
  return {a, b};
}
