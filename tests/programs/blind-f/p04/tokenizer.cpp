#include "tokenizer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

WordPieceTokenizer::WordPieceTokenizer(const std::string& vocab_path,
                                       int64_t max_len)
    : max_len_(max_len) {
  std::ifstream in(vocab_path);
  if (!in) throw std::runtime_error("cannot open vocab " + vocab_path);
  std::string piece;
  int64_t id = 0;
  while (std::getline(in, piece)) vocab_.emplace(piece, id++);
  auto find = [&](const char* tok, int64_t fallback) {
    auto it = vocab_.find(tok);
    return it == vocab_.end() ? fallback : it->second;
  };
  cls_id_ = find("[CLS]", cls_id_);
  sep_id_ = find("[SEP]", sep_id_);
  pad_id_ = find("[PAD]", pad_id_);
  unk_id_ = find("[UNK]", unk_id_);
}

void WordPieceTokenizer::split_word(const std::string& word,
                                    std::vector<int64_t>& out) const {
  size_t start = 0;
  while (start < word.size()) {
    size_t end = word.size();
    int64_t found = -1;
    while (end > start) {
      std::string sub = word.substr(start, end - start);
      if (start > 0) sub = "##" + sub;
      auto it = vocab_.find(sub);
      if (it != vocab_.end()) {
        found = it->second;
        break;
      }
      --end;
    }
    if (found < 0) {
      out.push_back(unk_id_);
      return;
    }
    out.push_back(found);
    start = end;
  }
}

Encoded WordPieceTokenizer::encode(const std::string& text) const {
  std::string lowered(text);
  std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::vector<int64_t> ids{cls_id_};
  std::istringstream words(lowered);
  std::string w;
  while (words >> w && static_cast<int64_t>(ids.size()) < max_len_ - 1) {
    split_word(w, ids);
  }
  if (static_cast<int64_t>(ids.size()) > max_len_ - 1) ids.resize(static_cast<size_t>(max_len_ - 1));
  ids.push_back(sep_id_);

  Encoded enc;
  enc.num_tokens = static_cast<int64_t>(ids.size());
  std::vector<float> mask(static_cast<size_t>(max_len_), 0.f);
  std::fill(mask.begin(), mask.begin() + enc.num_tokens, 1.f);
  ids.resize(static_cast<size_t>(max_len_), pad_id_);
  enc.input_ids = torch::from_blob(ids.data(), {1, max_len_}, torch::kInt64).clone();
  enc.attention_mask = torch::tensor(mask).view({1, max_len_});  //@bug P04B torch-factory-missing-device|torch-device-mismatch
  return enc;
}
