#include "conll_dataset.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

TaggedBatch TaggedBatch::to(torch::Device device) const {
  TaggedBatch out;
  out.tokens = tokens.to(device);
  out.tags = tags.to(device);
  out.mask = mask.to(device);
  out.lengths = lengths;
  return out;
}

ConllCorpus::ConllCorpus(const std::string& path, const NerConfig& cfg,
                         std::unordered_map<std::string, int64_t>& vocab,
                         std::unordered_map<std::string, int64_t>& tagset,
                         bool grow)
    : cfg_(cfg) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  auto lookup = [grow](std::unordered_map<std::string, int64_t>& table,
                       const std::string& key, int64_t unk) {
    auto it = table.find(key);
    if (it != table.end() || !grow) return it != table.end() ? it->second : unk;
    return table.emplace(key, static_cast<int64_t>(table.size())).first->second;
  };
  Sentence cur;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) {
      if (!cur.words.empty()) sentences_.push_back(std::move(cur));
      cur = Sentence{};
      continue;
    }
    std::istringstream cols(line);
    std::string word, tag;
    cols >> word >> tag;
    cur.words.push_back(lookup(vocab, word, /*unk=*/1));
    cur.tags.push_back(lookup(tagset, tag, /*unk=*/0));
  }
  if (!cur.words.empty()) sentences_.push_back(std::move(cur));
}

TaggedBatch ConllCorpus::batch(size_t begin, size_t end) const {
  const auto b = static_cast<int64_t>(end - begin);
  int64_t len = 1;
  for (size_t i = begin; i < end; ++i) {
    len = std::max<int64_t>(len, static_cast<int64_t>(sentences_[i].words.size()));
  }
  len = std::min(len, cfg_.max_len);
  std::vector<int64_t> tokens(static_cast<size_t>(b * len), 0);
  std::vector<int64_t> tags(static_cast<size_t>(b * len), cfg_.ignore_index);
  std::vector<int32_t> lengths(static_cast<size_t>(b));
  for (int64_t r = 0; r < b; ++r) {
    const Sentence& s = sentences_[begin + static_cast<size_t>(r)];
    const auto n = std::min<int64_t>(len, static_cast<int64_t>(s.words.size()));
    lengths[static_cast<size_t>(r)] = static_cast<int32_t>(n);
    for (int64_t t = 0; t < n; ++t) {
      tokens[static_cast<size_t>(r * len + t)] = s.words[static_cast<size_t>(t)];
      tags[static_cast<size_t>(r * len + t)] = s.tags[static_cast<size_t>(t)];
    }
  }
  TaggedBatch out;
  out.tokens = torch::from_blob(tokens.data(), {b, len}, torch::kInt64).clone();
  out.tags = torch::from_blob(tags.data(), {b, len}, torch::kInt64).clone();
  out.lengths = torch::from_blob(lengths.data(), {b}, torch::kInt32).clone();
  out.mask = out.tokens.ne(0);
  return out;
}
