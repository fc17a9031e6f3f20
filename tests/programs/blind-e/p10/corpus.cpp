#include "corpus.h"

#include <algorithm>
#include <random>
#include <sstream>

Corpus::Corpus(const std::vector<std::string>& lines, int64_t min_count) {
  std::unordered_map<std::string, int64_t> freq;
  std::vector<std::vector<std::string>> tok;
  for (const auto& line : lines) {
    std::istringstream in(line);
    std::vector<std::string> s;
    for (std::string w; in >> w;) {
      ++freq[w];
      s.push_back(w);
    }
    tok.push_back(std::move(s));
  }
  for (const auto& kv : freq) {
    if (kv.second < min_count) continue;
    index_[kv.first] = static_cast<int64_t>(words_.size());
    words_.push_back(kv.first);
    counts_.push_back(kv.second);
  }
  for (const auto& s : tok) {
    std::vector<int64_t> ids;
    for (const auto& w : s) {
      auto it = index_.find(w);
      if (it != index_.end()) ids.push_back(it->second);
    }
    if (ids.size() > 1) sentences_.push_back(std::move(ids));
  }
}

int64_t Corpus::id(const std::string& w) const {
  auto it = index_.find(w);
  return it == index_.end() ? -1 : it->second;
}

std::pair<torch::Tensor, torch::Tensor> Corpus::skipgram_pairs(
    int64_t window, uint64_t seed) const {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> span(1, window);
  std::vector<int64_t> centers, contexts;
  for (const auto& s : sentences_) {
    const auto n = static_cast<int64_t>(s.size());
    for (int64_t i = 0; i < n; ++i) {
      const int64_t w = span(rng);
      for (int64_t j = std::max<int64_t>(0, i - w); j <= std::min(n - 1, i + w); ++j) {
        if (j == i) continue;
        centers.push_back(s[static_cast<size_t>(i)]);
        contexts.push_back(s[static_cast<size_t>(j)]);
      }
    }
  }
  const auto p = static_cast<int64_t>(centers.size());
  auto c = torch::from_blob(centers.data(), {p}, torch::kInt64).clone();
  auto o = torch::from_blob(contexts.data(), {p}, torch::kInt64).clone();
  return {c, o};
}
