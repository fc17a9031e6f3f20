#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Fast neural style transfer (Johnson et al.): a feed-forward transformer
// network trained against VGG-16 perceptual losses for one style image.
struct StyleConfig {
  std::string content_dir = "data/coco_256";
  std::string style_image = "styles/starry_night.ppm";
  std::string vgg_weights = "weights/vgg16_features.pt";  // exported on the host
  std::string output = "checkpoints/starry_transformer.pt";

  int64_t image_size = 256;
  int64_t style_size = 512;
  int64_t batch_size = 4;
  int64_t epochs = 2;
  double lr = 1e-3;
  double content_weight = 1e5;
  double style_weight = 1e10;
  double tv_weight = 1e-6;

  torch::Device device = torch::kCPU;
};

inline void choose_device(StyleConfig& cfg, int gpu) {
  if (gpu >= 0 && torch::cuda::is_available()) {
    cfg.device = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu));
  }
}
