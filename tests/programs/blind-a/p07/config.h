#pragma once
#include <torch/torch.h>
#include <cstdint>
#include <cstdlib>
#include <string>

struct Config {
  torch::Device device{torch::kCPU};
  int64_t vocab = 500;
  int64_t embed = 32;
  int64_t classes = 5;
  int64_t batch = 16;
};

inline Config load_config() {
  Config cfg;
  const char* want = std::getenv("TRAIN_DEVICE");
  if (want != nullptr && std::string(want) == "cuda" && torch::cuda::is_available()) {
    cfg.device = torch::Device(torch::kCUDA);
  }
  return cfg;
}
