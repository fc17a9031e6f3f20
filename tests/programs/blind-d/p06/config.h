#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Credit-default classifier on a tabular export (numeric columns only).
struct TabularConfig {
  std::string train_csv = "data/loans_train.csv";
  std::string test_csv = "data/loans_test.csv";
  std::string label_column = "grade";
  std::string checkpoint = "checkpoints/loan_mlp.pt";
  int64_t num_classes = 4;
  int64_t hidden = 256;
  int64_t batch_size = 512;
  int64_t epochs = 40;
  double lr = 2e-3;
  double weight_decay = 1e-4;
  double dropout = 0.2;
  int gpu = 0;  // --gpu N on the shared multi-GPU box
};

inline torch::Device training_device(const TabularConfig& cfg) {
  if (torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(cfg.gpu));
  }
  return torch::Device(torch::kCPU);
}
