#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Pump-vibration anomaly detector: a window autoencoder trained on normal
// operation only; windows it reconstructs badly are flagged.
struct DetectorConfig {
  std::string train_csv = "data/pump_normal.csv";
  std::string monitor_csv = "data/pump_live.csv";
  std::string checkpoint = "checkpoints/pump_ae.pt";

  int64_t channels = 8;
  int64_t window = 64;
  int64_t stride = 16;
  int64_t hidden = 256;
  int64_t latent = 16;
  int64_t batch_size = 128;
  int64_t epochs = 30;
  double lr = 1e-3;
  double quantile = 0.995;
  double holdout = 0.1;
  // accelerometer channels 4-5 matter most, the temperature probes least
  std::vector<double> channel_weights = {1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 0.5, 0.5};
  bool resume = false;
};

inline torch::Device select_device(bool force_cpu) {
  if (!force_cpu && torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}
