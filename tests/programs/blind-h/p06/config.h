#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Supervised pre-training of a policy/value network on master games
// (AlphaZero board and move encodings).
struct ChessConfig {
  std::string train_file = "data/positions_train.bin";
  std::string val_file = "data/positions_val.bin";
  std::string checkpoint = "checkpoints/policy_value.pt";
  int64_t planes = 18;       // 12 piece planes, castling rights, side to move, ...
  int64_t filters = 64;
  int64_t blocks = 6;
  int64_t num_moves = 4672;  // 64 from-squares x 73 move types
  int64_t batch_size = 256;
  int64_t epochs = 8;
  double lr = 0.02;
  double momentum = 0.9;
  double weight_decay = 1e-4;
  double value_weight = 0.5;
  torch::Device device = torch::kCPU;
};

inline torch::Device training_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}
