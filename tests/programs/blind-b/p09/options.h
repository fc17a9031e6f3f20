#pragma once

#include <torch/torch.h>

#include <string>

struct GanOptions {
  int64_t latent_dim = 100;
  int64_t image_size = 32;
  int64_t channels = 3;
  int64_t gen_features = 64;
  int64_t disc_features = 64;
  int64_t batch_size = 64;
  int64_t epochs = 25;
  double lr = 2e-4;
  double beta1 = 0.5;
  double real_label = 0.9;  // one-sided label smoothing
  std::string checkpoint_dir = "dcgan_ckpt";
  std::string inception_path = "models/feature_net.ts";
  bool resume = false;
  int device_index = 0;

  torch::Device device() const {
    if (torch::cuda::is_available()) {
      return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(device_index));
    }
    return torch::Device(torch::kCPU);
  }
};
