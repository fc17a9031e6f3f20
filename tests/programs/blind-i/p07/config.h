#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>

// Doodle recognition for the drawing game: 100 categories of quick sketches.
struct Config {
  std::string train_path = "data/sketches_train.tsv";
  std::string val_path = "data/sketches_val.tsv";
  std::string checkpoint = "sketch_net.pt";
  int64_t max_points = 192;  // longer drawings are truncated
  int64_t hidden = 128;
  int64_t batch_size = 128;
  int64_t epochs = 15;
  double lr = 2e-3;
  double label_smoothing = 0.1;
  double weight_decay = 1e-4;
  uint64_t seed = 11;
  std::string device = "auto";  // auto, cpu or cuda
};

inline torch::Device select_device(const std::string& requested) {
  if (requested == "cpu") return torch::Device(torch::kCPU);
  if (torch::cuda::is_available()) return torch::Device(torch::kCUDA, 0);
  if (requested == "cuda") std::cerr << "CUDA requested but not available; using the CPU\n";
  return torch::Device(torch::kCPU);
}
