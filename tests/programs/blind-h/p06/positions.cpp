#include "positions.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

PositionSet::PositionSet(const std::string& path, const ChessConfig& cfg) : planes_(cfg.planes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  const size_t per = static_cast<size_t>(planes_ * 64);
  bits_.resize(static_cast<size_t>(n) * per);
  moves_.resize(static_cast<size_t>(n));
  results_.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    in.read(reinterpret_cast<char*>(bits_.data() + static_cast<size_t>(i) * per),
            static_cast<std::streamsize>(per));
    in.read(reinterpret_cast<char*>(&moves_[static_cast<size_t>(i)]), sizeof(int32_t));
    in.read(reinterpret_cast<char*>(&results_[static_cast<size_t>(i)]), sizeof(int8_t));
  }
  if (!in) throw std::runtime_error("truncated position file " + path);
  for (int32_t m : moves_) {
    if (m < 0 || m >= cfg.num_moves) throw std::runtime_error("move index out of range in " + path);
  }
}

PositionBatch PositionSet::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  const size_t per = static_cast<size_t>(planes_ * 64);
  std::vector<uint8_t> bits(idx.size() * per);
  std::vector<float> result(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    std::memcpy(bits.data() + i * per, bits_.data() + idx[i] * per, per);
    result[i] = static_cast<float>(results_[idx[i]]);
  }
  PositionBatch out;
  out.planes = torch::from_blob(bits.data(), {b, planes_, 8, 8}, torch::kUInt8).to(torch::kFloat32);
  // Same width as the file's move column.
  out.moves = torch::empty({b}, torch::TensorOptions().dtype(torch::kInt32));  //@bug P06B torch-loss-target-dtype|torch-dtype-mismatch
  auto mv = out.moves.accessor<int32_t, 1>();
  for (size_t i = 0; i < idx.size(); ++i) mv[static_cast<int64_t>(i)] = moves_[idx[i]];
  out.result = torch::tensor(result);
  return out;
}
