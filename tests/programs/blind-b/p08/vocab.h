#pragma once

#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

class Vocab {
 public:
  static constexpr int32_t kPad = 0;
  static constexpr int32_t kBos = 1;
  static constexpr int32_t kEos = 2;
  static constexpr int32_t kUnk = 3;

  Vocab() : itos_{"<pad>", "<bos>", "<eos>", "<unk>"} {
    for (int32_t i = 0; i < static_cast<int32_t>(itos_.size()); ++i) stoi_[itos_[i]] = i;
  }

  void add_sentence(const std::string& sentence) {
    std::istringstream ss(sentence);
    std::string word;
    while (ss >> word) {
      if (!stoi_.count(word)) {
        stoi_[word] = static_cast<int32_t>(itos_.size());
        itos_.push_back(word);
      }
    }
  }

  std::vector<int32_t> encode(const std::string& sentence) const {
    std::vector<int32_t> ids{kBos};
    std::istringstream ss(sentence);
    std::string word;
    while (ss >> word) {
      auto it = stoi_.find(word);
      ids.push_back(it == stoi_.end() ? kUnk : it->second);
    }
    ids.push_back(kEos);
    return ids;
  }

  const std::string& word(int32_t id) const { return itos_.at(id); }
  int64_t size() const { return static_cast<int64_t>(itos_.size()); }

 private:
  std::vector<std::string> itos_;
  std::unordered_map<std::string, int32_t> stoi_;
};
