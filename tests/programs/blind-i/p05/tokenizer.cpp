#include "tokenizer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace {
constexpr int64_t kUnk = 1, kCls = 2, kSep = 3;
}

ClaimTokenizer::ClaimTokenizer(const std::string& vocab_path) {
  std::ifstream in(vocab_path);
  if (!in) throw std::runtime_error("cannot open vocabulary " + vocab_path);
  std::string line, word;
  float max_idf = 0.f;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    int64_t id = 0;
    float idf = 0.f;
    if (!(ss >> word >> id >> idf)) continue;
    vocab_[word] = {id, idf};
    max_idf = std::max(max_idf, idf);
  }
  unk_idf_ = max_idf;  // an unseen word is as rare as the rarest known one
}

Encoded ClaimTokenizer::encode(const std::string& text, int64_t max_len) const {
  std::vector<int64_t> ids{kCls};
  std::vector<float> weights{0.f};
  std::string word;
  auto flush = [&]() {
    if (!word.empty() && static_cast<int64_t>(ids.size()) < max_len - 1) {
      auto it = vocab_.find(word);
      ids.push_back(it == vocab_.end() ? kUnk : it->second.first);
      weights.push_back(it == vocab_.end() ? unk_idf_ : it->second.second);
    }
    word.clear();
  };
  for (char ch : text) {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-')
      word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    else
      flush();
  }
  flush();
  ids.push_back(kSep);
  weights.push_back(0.f);

  Encoded e;
  e.input_ids = torch::tensor(ids).unsqueeze(0);
  e.attention_mask = torch::ones_like(e.input_ids);
  e.token_weights = torch::tensor(weights).unsqueeze(0);  //@bug P05A torch-factory-missing-device|torch-device-mismatch
  return e;
}
