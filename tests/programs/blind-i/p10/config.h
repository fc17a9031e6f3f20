#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Wi-Fi fingerprinting for the university campus app (UJIIndoorLoc layout:
// 520 access points, 3 buildings, up to 5 floors, UTM coordinates).
struct Config {
  std::string train_csv = "data/trainingData.csv";
  std::string val_csv = "data/validationData.csv";
  std::string checkpoint = "localizer.pt";
  int64_t num_waps = 520;
  int64_t num_buildings = 3;
  int64_t max_floors = 5;
  int64_t hidden = 256;
  double dropout = 0.2;
  double input_noise = 0.05;   // std of the noise added to the scaled RSSI while training
  double coord_weight = 1.0;   // weight of the position term in the loss
  double huber_delta = 0.5;    // in standardised coordinate units
  int64_t batch_size = 128;
  int64_t epochs = 50;
  double lr = 1e-3;
  uint64_t seed = 42;
};

inline torch::Device training_device() {
  if (torch::cuda::is_available()) return torch::Device(torch::kCUDA, 0);
  return torch::Device(torch::kCPU);
}
