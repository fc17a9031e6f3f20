#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Pedestrian forecasting for the concourse cameras: 8 positions (3.2 s) -> 12 (4.8 s).
struct Config {
  std::vector<std::string> train_scenes = {"data/concourse_a.txt", "data/concourse_b.txt"};
  std::string val_scene = "data/concourse_c.txt";
  std::string checkpoint = "traj_lstm.pt";
  int64_t obs_len = 8, pred_len = 12;
  int64_t embed = 32, hidden = 64;
  int64_t batch_size = 64, epochs = 40;
  double lr = 1e-3;
  bool allow_gpu = true;
  uint64_t seed = 3;
};

inline torch::Device device_for(const Config& cfg) {
  if (cfg.allow_gpu && torch::cuda::is_available()) return torch::Device(torch::kCUDA, 0);
  return torch::Device(torch::kCPU);
}
