#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Day-ahead load forecasting for a fleet of smart meters.
struct ForecastConfig {
  int64_t num_meters = 64;
  int64_t history = 168;  // one week of hourly readings
  int64_t horizon = 24;
  int64_t hidden = 96;
  int64_t layers = 2;
  int64_t meter_embedding = 8;
  int64_t batch_size = 32;
  int64_t epochs = 15;
  double lr = 2e-3;
  double loss_scale = 10.0;  // keeps the normalised MSE in a readable range
  std::string checkpoint = "checkpoints/load_lstm.pt";
  bool resume = false;
};

inline torch::Device pick_device(bool allow_gpu) {
  if (allow_gpu && torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}
