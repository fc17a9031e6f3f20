#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// P- and S-wave arrival picking on three-component seismograms (PhaseNet-style
// per-sample classification: P, S, noise).
struct PickerConfig {
  std::string train_file = "data/picks_train.bin";
  std::string val_file = "data/picks_val.bin";
  std::string checkpoint = "checkpoints/phase_picker.pt";
  int64_t channels = 3, window = 3000, num_classes = 3;  // Z/N/E; 30 s at 100 Hz; P/S/noise
  double label_sigma = 10.0;     // samples (0.1 s) of the Gaussian arrival labels
  double label_smoothing = 0.02;
  int64_t batch_size = 32, epochs = 20;
  double lr = 1e-3;
  double pick_threshold = 0.5;
  int64_t tolerance = 50;        // samples (0.5 s) for a pick to count as correct
  torch::Device device = torch::kCPU;
};

inline torch::Device select_device(const std::string& request) {
  if (request == "cpu" || !torch::cuda::is_available()) return torch::Device(torch::kCPU);
  return torch::Device(torch::kCUDA, 0);
}
