#include "image_prep.h"

#include <algorithm>

namespace F = torch::nn::functional;

torch::Tensor preprocess(const RgbImage& img, int64_t size) {
  auto hwc = torch::from_blob(const_cast<uint8_t*>(img.pixels.data()),
                              {img.height, img.width, 3}, torch::kUInt8);
  auto chw = hwc.permute({2, 0, 1}).to(torch::kFloat32).div(255.0).unsqueeze(0);

  const int64_t side = std::min(img.height, img.width);
  const int64_t top = (img.height - side) / 2;
  const int64_t left = (img.width - side) / 2;
  auto crop = chw.narrow(2, top, side).narrow(3, left, side);
  auto resized = F::interpolate(
      crop, F::InterpolateFuncOptions()
                .size(std::vector<int64_t>{size, size})
                .mode(torch::kBilinear)
                .align_corners(false));

  // torch::tensor over double literals uses the default dtype (Float).
  const auto mean = torch::tensor({0.485, 0.456, 0.406}).view({1, 3, 1, 1});
  const auto stdv = torch::tensor({0.229, 0.224, 0.225}).view({1, 3, 1, 1});
  return (resized - mean) / stdv;
}

torch::Tensor to_model_batch(const std::vector<torch::Tensor>& images,
                             const torch::Device& device) {
  return torch::cat(images, /*dim=*/0).to(device, /*non_blocking=*/false);
}
