#include "squad_data.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

QaBatch QaBatch::to(const torch::Device& device) const {
  return QaBatch{input_ids.to(device), segment_ids.to(device), attention_mask.to(device),
                 start.to(device), end.to(device)};
}

QaFeatures::QaFeatures(const std::string& path, const QaConfig& cfg) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  in.read(reinterpret_cast<char*>(&max_len_), sizeof(max_len_));
  if (max_len_ > cfg.max_len) throw std::runtime_error(path + ": features longer than max_len");
  const auto len = static_cast<size_t>(max_len_);
  ids_.resize(static_cast<size_t>(n) * len), segments_.resize(static_cast<size_t>(n) * len);
  starts_.resize(static_cast<size_t>(n)), ends_.resize(static_cast<size_t>(n));
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    in.read(reinterpret_cast<char*>(ids_.data() + i * len), static_cast<std::streamsize>(len * 4));
    in.read(reinterpret_cast<char*>(segments_.data() + i * len), static_cast<std::streamsize>(len));
    in.read(reinterpret_cast<char*>(&starts_[i]), 4);
    in.read(reinterpret_cast<char*>(&ends_[i]), 4);
  }
  if (!in) throw std::runtime_error("truncated " + path);
}

QaBatch QaFeatures::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  const auto len = static_cast<size_t>(max_len_);
  std::vector<int32_t> ids(idx.size() * len);
  std::vector<uint8_t> seg(idx.size() * len);
  std::vector<int64_t> start(idx.size()), end(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    std::memcpy(ids.data() + i * len, ids_.data() + idx[i] * len, len * sizeof(int32_t));
    std::memcpy(seg.data() + i * len, segments_.data() + idx[i] * len, len);
    start[i] = starts_[idx[i]];
    end[i] = ends_[idx[i]];
  }
  QaBatch out;
  out.input_ids = torch::from_blob(ids.data(), {b, max_len_}, torch::kInt32).to(torch::kLong);
  out.segment_ids = torch::from_blob(seg.data(), {b, max_len_}, torch::kUInt8).to(torch::kLong);
  out.attention_mask = out.input_ids.ne(0);  // id 0 is [PAD]
  out.start = torch::tensor(start);
  out.end = torch::tensor(end);
  return out;
}
