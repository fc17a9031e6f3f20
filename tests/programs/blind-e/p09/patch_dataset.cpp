#include "patch_dataset.h"

#include <algorithm>

PatchDataset::PatchDataset(const SimClrConfig& cfg) : cfg_(cfg) {
  std::uniform_int_distribution<int> tone(120, 230);
  const auto px = static_cast<size_t>(cfg.patch * cfg.patch);
  for (int i = 0; i < 512; ++i) {
    std::vector<uint8_t> p(px * 3);
    const int r = tone(rng_), g = tone(rng_) - 60, b = tone(rng_);
    for (size_t k = 0; k < px; ++k) {
      const int nucleus = ((k / cfg.patch) / 8 + (k % cfg.patch) / 8 + i) % 5 == 0 ? 70 : 0;
      p[3 * k] = static_cast<uint8_t>(std::max(0, r - nucleus));
      p[3 * k + 1] = static_cast<uint8_t>(std::max(0, g - nucleus));
      p[3 * k + 2] = static_cast<uint8_t>(std::max(0, b - nucleus / 2));
    }
    patches_.push_back(std::move(p));
  }
}

torch::Tensor PatchDataset::augment(const torch::Tensor& patch) {
  std::uniform_int_distribution<int64_t> off(0, cfg_.patch - cfg_.crop);
  auto x = patch.narrow(1, off(rng_), cfg_.crop).narrow(2, off(rng_), cfg_.crop);
  if (rng_() % 2) x = x.flip({2});
  if (rng_() % 2) x = x.flip({1});
  const int quarter = static_cast<int>(rng_() % 4);
  if (quarter) x = x.rot90(quarter, {1, 2});
  auto jitter = 1.0 + 0.1 * (torch::rand({3, 1, 1}) - 0.5);
  return (x * jitter).clamp(1.0 / 255.0, 1.0);
}

ViewPair PatchDataset::views(int64_t start, int64_t count) {
  std::vector<torch::Tensor> a, b;
  for (int64_t i = start; i < start + count; ++i) {
    auto& raw = patches_[static_cast<size_t>(i)];
    auto chw = torch::from_blob(raw.data(), {cfg_.patch, cfg_.patch, 3}, torch::kUInt8)
                   .permute({2, 0, 1})
                   .to(torch::kFloat32)
                   .div(255.0);
    a.push_back(augment(chw));
    b.push_back(augment(chw));
  }
  return {torch::stack(a), torch::stack(b)};
}

torch::Tensor he_stain_inverse() {
  // rows: haematoxylin, eosin, residual (unit optical-density vectors)
  auto m = torch::tensor({{0.650, 0.704, 0.286},  //@bug P09B torch-dtype-mismatch
                          {0.072, 0.990, 0.105},
                          {0.268, 0.570, 0.776}},
                         torch::kFloat64);
  return torch::inverse(m);
}
