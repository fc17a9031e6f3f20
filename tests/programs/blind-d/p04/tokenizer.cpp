#include "tokenizer.h"

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

CharTokenizer::CharTokenizer(const std::string& text) {
  std::set<char> chars(text.begin(), text.end());
  for (char c : chars) {
    stoi_[c] = static_cast<int32_t>(itos_.size());
    itos_.push_back(c);
  }
}

std::vector<int32_t> CharTokenizer::encode(const std::string& text) const {
  std::vector<int32_t> ids;
  ids.reserve(text.size());
  for (char c : text) {
    auto it = stoi_.find(c);
    if (it != stoi_.end()) ids.push_back(it->second);
  }
  return ids;
}

std::string CharTokenizer::decode(const std::vector<int64_t>& ids) const {
  std::string out;
  for (int64_t id : ids) out.push_back(itos_.at(static_cast<size_t>(id)));
  return out;
}

TokenStream::TokenStream(std::vector<int32_t> ids, int64_t block_size,
                         unsigned seed)
    : ids_(std::move(ids)), block_(block_size), rng_(seed) {}

std::pair<torch::Tensor, torch::Tensor> TokenStream::sample(int64_t batch_size) {
  std::uniform_int_distribution<size_t> start(0, ids_.size() - block_ - 2);
  std::vector<int32_t> buf(static_cast<size_t>(batch_size * (block_ + 1)));
  for (int64_t b = 0; b < batch_size; ++b) {
    const size_t s = start(rng_);
    std::copy(ids_.begin() + s, ids_.begin() + s + block_ + 1,
              buf.begin() + b * (block_ + 1));
  }
  // 32-bit ids halve the host memory of long corpora
  auto windows = torch::from_blob(buf.data(), {batch_size, block_ + 1}, torch::kInt32)  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch
                     .clone();
  return {windows.narrow(1, 0, block_), windows.narrow(1, 1, block_)};  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch
}
