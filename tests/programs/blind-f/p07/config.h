#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Offline handwritten-signature verification: a CNN embedding trained with
// batch-hard triplet loss, evaluated by equal error rate on genuine/forgery
// pairs.
struct SigConfig {
  std::string train_dir = "data/signatures/train";
  std::string pairs_file = "data/signatures/val_pairs.bin";
  std::string checkpoint = "checkpoints/signet.pt";
  int64_t height = 64;
  int64_t width = 160;
  int64_t embed_dim = 128;
  int64_t writers_per_batch = 16;
  int64_t samples_per_writer = 4;
  int64_t steps_per_epoch = 200;
  int64_t epochs = 25;
  double margin = 0.3;
  double lr = 5e-4;
  torch::Device device = torch::kCPU;
};
