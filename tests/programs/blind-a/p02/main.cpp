#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>
#include "config.h"
#include "trainer.h"

// Masks come from a label-map decoder that writes int32 class ids, as PNG readers do.
static std::vector<int32_t> decode_masks(int64_t n, int64_t size, int64_t num_classes, std::mt19937& rng) {
  std::uniform_int_distribution<int32_t> cls(0, static_cast<int32_t>(num_classes - 1));
  std::vector<int32_t> out(static_cast<size_t>(n * size * size));
  for (auto& v : out) v = cls(rng);
  return out;
}

int main() {
  SegConfig cfg = make_config();
  std::mt19937 rng(7);
  const int64_t n = 16;

  std::vector<int32_t> raw = decode_masks(n, cfg.image_size, cfg.num_classes, rng);
  auto masks = torch::from_blob(raw.data(), {n, cfg.image_size, cfg.image_size}, torch::kInt32).clone();  //@bug P02B torch-loss-target-dtype
  auto images = torch::randn({n, cfg.in_channels, cfg.image_size, cfg.image_size});

  // Inverse-frequency class weights, computed on the host from the label histogram.
  std::vector<float> freq(static_cast<size_t>(cfg.num_classes), 0.f);
  for (int32_t c : raw) freq[static_cast<size_t>(c)] += 1.f;
  std::vector<float> inv;
  for (float f : freq) inv.push_back(static_cast<float>(raw.size()) / (f + 1.f));
  auto class_weights = torch::tensor(inv);  //@bug P02A torch-device-mismatch
  class_weights = class_weights / class_weights.sum();  //@bug P02A torch-device-mismatch

  SegTrainer trainer(cfg, class_weights);  //@bug P02A torch-device-mismatch
  for (int epoch = 0; epoch < 3; ++epoch) {
    double loss = trainer.step(images, masks);
    std::cout << "epoch " << epoch << " loss " << loss << "\n";
  }
  auto pred = trainer.predict(images.slice(0, 0, 2));
  std::cout << "pred shape " << pred.sizes() << "\n";
  return 0;
}
