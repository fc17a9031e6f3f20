#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Human activity recognition from a waist-worn IMU (UCI-HAR layout:
// 128-sample windows at 50 Hz, body acc xyz + gyro xyz).
struct HarConfig {
  std::string train_file = "data/har_train.bin";
  std::string checkpoint = "checkpoints/har_cnn.pt";
  int64_t channels = 6;
  int64_t window = 128;
  int64_t num_classes = 6;  // walk, upstairs, downstairs, sit, stand, lay
  int64_t batch_size = 64;
  int64_t epochs = 30;
  double lr = 2e-3;
  double cb_beta = 0.999;   // class-balanced loss (Cui et al. 2019)
  torch::Device device = torch::kCPU;
};

inline torch::Device pick_device(bool want_gpu) {
  return (want_gpu && torch::cuda::is_available()) ? torch::Device(torch::kCUDA, 0)
                                                   : torch::Device(torch::kCPU);
}
