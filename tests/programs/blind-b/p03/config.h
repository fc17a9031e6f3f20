#pragma once

#include <torch/torch.h>

#include <string>

struct HyperParams {
  int64_t hidden = 256;
  int64_t num_classes = 5;
  int64_t batch_size = 512;
  int64_t eval_batch = 2048;
  int64_t epochs = 30;
  double lr = 3e-4;
  double weight_decay = 1e-2;
  double label_smoothing = 0.05;
  double temperature = 1.5;
  std::string model_path = "tabular_mlp.pt";
};

inline torch::Device select_device(bool force_cpu = false) {
  if (!force_cpu && torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}
