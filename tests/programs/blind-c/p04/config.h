#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Options of the hybrid recommender: collaborative embeddings for users and
// items plus a few dense context features (hour of day, price, dwell time...).
struct RecOptions {
  std::string log_path = "data/interactions.csv";
  int64_t num_users = 50000;
  int64_t num_items = 20000;
  int64_t embedding_dim = 32;
  int64_t dense_dim = 6;
  int64_t hidden = 128;

  int64_t batch_size = 1024;
  int64_t epochs = 5;
  double lr = 1e-3;
  double l2 = 1e-6;
  double holdout = 0.1;
};

struct RunContext {
  RecOptions opts;
  torch::Device device = torch::kCPU;
  std::string checkpoint_dir = "checkpoints";
};
