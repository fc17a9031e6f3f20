#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Deep Knowledge Tracing on the tutoring platform's exercise log.
struct Config {
  std::string log_path = "data/interactions.csv";
  std::string checkpoint = "dkt.pt";
  int64_t num_skills = 110;  // knowledge components tagged by the content team
  int64_t embed_dim = 64;
  int64_t hidden = 128;
  double dropout = 0.2;
  int64_t max_len = 100;     // longer histories are cut into windows
  int64_t batch_size = 64;
  int64_t epochs = 20;
  double lr = 1e-3;
  double grad_clip = 5.0;
  double val_fraction = 0.2;
  uint64_t seed = 7;
};

inline torch::Device training_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}
