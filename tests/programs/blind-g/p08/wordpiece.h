#pragma once

#include <cctype>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

// Minimal greedy WordPiece tokenizer over a BERT-style vocab.txt.
class WordPiece {
 public:
  explicit WordPiece(const std::string& vocab_path) {
    std::ifstream in(vocab_path);
    std::string tok;
    int64_t id = 0;
    while (std::getline(in, tok)) vocab_[tok] = id++;
  }

  std::vector<int64_t> encode(const std::string& text, size_t max_len) const {
    std::vector<int64_t> ids{lookup("[CLS]")};
    std::string word;
    auto flush_word = [&]() {
      size_t start = 0;
      while (start < word.size() && ids.size() + 1 < max_len) {
        size_t end = word.size();
        int64_t found = -1;
        while (end > start) {
          const std::string piece = (start > 0 ? "##" : "") + word.substr(start, end - start);
          auto it = vocab_.find(piece);
          if (it != vocab_.end()) { found = it->second; break; }
          --end;
        }
        if (found < 0) { ids.push_back(lookup("[UNK]")); break; }
        ids.push_back(found);
        start = end;
      }
      word.clear();
    };
    for (char c : text) {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
      } else {
        flush_word();
      }
    }
    flush_word();
    ids.push_back(lookup("[SEP]"));
    return ids;
  }

 private:
  int64_t lookup(const std::string& t) const {
    auto it = vocab_.find(t);
    return it == vocab_.end() ? 100 : it->second;
  }
  std::unordered_map<std::string, int64_t> vocab_;
};
