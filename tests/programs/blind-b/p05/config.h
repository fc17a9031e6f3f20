#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

struct ExperimentConfig {
  std::string name = "imbalanced-digits";
  int64_t image_size = 28;
  int64_t num_classes = 10;
  int64_t batch_size = 128;
  int64_t epochs = 8;
  double lr = 1e-3;
  bool weighted_loss = true;
  torch::Device device{torch::kCPU};
};

inline ExperimentConfig make_config(int argc, char** argv) {
  ExperimentConfig cfg;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& a : args) {
    if (a == "--unweighted") cfg.weighted_loss = false;
    if (a == "--cuda" && torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA);
  }
  return cfg;
}
