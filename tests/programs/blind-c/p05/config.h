#pragma once

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <string>

// Settings of the semantic-segmentation inference service. The network is a
// TorchScript DeepLab-style model exported at 512x512.
struct ServerConfig {
  std::string model_path = "models/deeplab_mbv3.ts";
  int64_t input_size = 512;
  int64_t num_classes = 21;
  std::array<float, 3> mean{0.485f, 0.456f, 0.406f};
  std::array<float, 3> stddev{0.229f, 0.224f, 0.225f};
  int64_t max_batch = 8;
  torch::Device device = torch::kCPU;
};
