#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct PositionBatch {
  torch::Tensor planes;  // [B, 18, 8, 8] Float
  torch::Tensor moves;   // [B] index of the move played, 0..4671
  torch::Tensor result;  // [B] game result from the side to move: -1, 0, +1
};

// Binary file written by the PGN converter: int64 count, then per position
// 18*64 plane bytes (0/1), the move index (int32) and the result (int8).
class PositionSet {
 public:
  PositionSet(const std::string& path, const ChessConfig& cfg);

  size_t size() const { return moves_.size(); }
  PositionBatch batch(const std::vector<size_t>& idx) const;

 private:
  int64_t planes_;
  std::vector<uint8_t> bits_;   // [N, planes, 8, 8]
  std::vector<int32_t> moves_;  // [N]
  std::vector<int8_t> results_; // [N]
};
