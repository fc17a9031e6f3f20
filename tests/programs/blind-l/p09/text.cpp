#include "text.h"

#include <cctype>
#include <random>
#include <sstream>

std::vector<std::string> tokenize(const std::string& text) {
  std::string clean;
  for (char c : text) clean.push_back(std::isalnum(static_cast<unsigned char>(c)) ? std::tolower(c) : ' ');
  std::istringstream in(clean);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

Vocab Vocab::build(const std::vector<Review>& reviews, int64_t min_count) {
  std::unordered_map<std::string, int64_t> counts;
  for (const auto& r : reviews)
    for (const auto& w : tokenize(r.text)) ++counts[w];
  Vocab v;
  v.words_ = {"<unk>"};
  for (const auto& [word, count] : counts) {
    if (count < min_count) continue;
    v.index_[word] = static_cast<int64_t>(v.words_.size());
    v.words_.push_back(word);
  }
  return v;
}

int64_t Vocab::id(const std::string& word) const {
  auto it = index_.find(word);
  return it == index_.end() ? 0 : it->second;
}

std::vector<Review> synthetic_reviews(int64_t n, uint64_t seed) {
  static const std::vector<std::string> good{"great", "love", "excellent", "fast", "works"};
  static const std::vector<std::string> bad{"broken", "refund", "slow", "terrible", "late"};
  static const std::vector<std::string> filler{"the", "item", "it", "was", "and", "delivery"};
  std::mt19937_64 rng(seed);
  std::vector<Review> reviews;
  for (int64_t i = 0; i < n; ++i) {
    Review r;
    r.stars = 1 + static_cast<int>(rng() % 5);
    const int words = 5 + static_cast<int>(rng() % 20);
    for (int w = 0; w < words; ++w) {
      const auto& pool = (rng() % 3 == 0) ? (r.stars >= 4 ? good : r.stars <= 2 ? bad : filler) : filler;
      r.text += pool[rng() % pool.size()] + " ";
    }
    reviews.push_back(r);
  }
  return reviews;
}

EncodedBatch encode(const std::vector<Review>& reviews, size_t begin, size_t end, const Vocab& vocab) {
  std::vector<int64_t> ids, offsets;
  std::vector<int> polarity;
  for (size_t i = begin; i < end; ++i) {
    offsets.push_back(static_cast<int64_t>(ids.size()));
    for (const auto& w : tokenize(reviews[i].text)) ids.push_back(vocab.id(w));
    if (ids.size() == static_cast<size_t>(offsets.back())) ids.push_back(0);
    polarity.push_back(reviews[i].stars <= 2 ? 0 : reviews[i].stars == 3 ? 1 : 2);
  }
  return {torch::tensor(ids), torch::tensor(offsets), torch::tensor(polarity)};
}
