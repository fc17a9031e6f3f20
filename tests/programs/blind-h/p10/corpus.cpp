#include "corpus.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>

std::vector<int32_t> hash_ngrams(const std::string& text, const LangIdConfig& cfg) {
  std::string s = " ";
  for (unsigned char c : text) s += static_cast<char>(c < 128 ? std::tolower(c) : c);
  s += " ";
  std::vector<int32_t> out;
  for (size_t i = 0; i < s.size(); ++i) {
    uint32_t h = 2166136261u;
    for (int64_t n = 1; n <= cfg.max_n && i + static_cast<size_t>(n) <= s.size(); ++n) {
      h = (h ^ static_cast<unsigned char>(s[i + static_cast<size_t>(n) - 1])) * 16777619u;
      if (n >= cfg.min_n) out.push_back(static_cast<int32_t>(h % static_cast<uint32_t>(cfg.buckets)));
    }
  }
  return out;
}

Corpus::Corpus(const std::string& path, const LangIdConfig& cfg, std::vector<std::string>& languages) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  const bool grow = languages.empty();
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string lang = line.substr(0, tab);
    auto it = std::find(languages.begin(), languages.end(), lang);
    if (it == languages.end()) {
      if (!grow) continue;  // language not seen in training
      languages.push_back(lang);
      it = languages.end() - 1;
    }
    auto grams = hash_ngrams(line.substr(tab + 1), cfg);
    if (grams.empty()) continue;
    ngrams_.push_back(std::move(grams));
    labels_.push_back(static_cast<int32_t>(it - languages.begin()));
  }
}

TextBatch Corpus::batch(const std::vector<size_t>& idx) const {
  std::vector<int32_t> flat;
  std::vector<int64_t> offsets;
  std::vector<int32_t> labels;
  for (size_t i : idx) {
    offsets.push_back(static_cast<int64_t>(flat.size()));
    flat.insert(flat.end(), ngrams_[i].begin(), ngrams_[i].end());
    labels.push_back(labels_[i]);
  }
  TextBatch b;
  b.ngrams = torch::from_blob(flat.data(), {static_cast<int64_t>(flat.size())}, torch::kInt32)
                 .to(torch::kLong);
  b.offsets = torch::tensor(offsets);
  b.labels = torch::tensor(labels);  // int32 values, Long tensor
  return b;
}

TextBatch single_text(const std::string& text, const LangIdConfig& cfg) {
  std::vector<int64_t> grams;
  for (int32_t g : hash_ngrams(text, cfg)) grams.push_back(g);
  TextBatch b;
  b.ngrams = torch::from_blob(grams.data(), {static_cast<int64_t>(grams.size())}, torch::kInt64).clone();
  b.offsets = torch::zeros({1}, torch::kLong);
  b.labels = torch::full({1}, -1, torch::kLong);
  return b;
}
