#include "lexicon.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

int64_t SymbolTable::add(const std::string& s) {
  auto it = ids.find(s);
  if (it != ids.end()) return it->second;
  const int64_t id = size();
  ids.emplace(s, id);
  names.push_back(s);
  return id;
}

Lexicon::Lexicon(const std::string& path, const G2pConfig& cfg, SymbolTable& letters, SymbolTable& phones)
    : cfg_(cfg) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open lexicon " + path);
  const bool grow = letters.ids.empty();
  auto lookup = [grow](SymbolTable& t, const std::string& s) -> int64_t {
    if (grow) return t.add(s);
    auto it = t.ids.find(s);
    return it == t.ids.end() ? kPad : it->second;
  };
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.compare(0, 3, ";;;") == 0) continue;
    std::istringstream ss(line);
    std::string word, ph;
    ss >> word;
    word = word.substr(0, word.find('('));  // alternative pronunciations: WORD(2)
    std::vector<int64_t> w, p;
    for (char c : word) w.push_back(lookup(letters, std::string(1, c)));
    while (ss >> ph) {
      ph.erase(std::remove_if(ph.begin(), ph.end(), ::isdigit), ph.end());  // drop stress
      p.push_back(lookup(phones, ph));
    }
    if (w.empty() || p.empty() || static_cast<int64_t>(w.size()) > cfg.max_word_len ||
        static_cast<int64_t>(p.size()) + 1 > cfg.max_pron_len)
      continue;
    words_.push_back(std::move(w));
    prons_.push_back(std::move(p));
  }
}

PronBatch Lexicon::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  int64_t lg = 1, lp = 1;
  for (size_t i : idx) {
    lg = std::max<int64_t>(lg, static_cast<int64_t>(words_[i].size()));
    lp = std::max<int64_t>(lp, static_cast<int64_t>(prons_[i].size()) + 1);
  }
  PronBatch out;
  out.graphemes = torch::full({b, lg}, kPad, torch::kLong);
  out.dec_in = torch::full({b, lp}, kPad, torch::kLong);
  out.targets = torch::zeros({b, lp});  //@bug P09B torch-loss-target-dtype|torch-dtype-mismatch
  std::vector<int64_t> lengths;
  for (int64_t r = 0; r < b; ++r) {
    const auto& w = words_[idx[static_cast<size_t>(r)]];
    const auto& p = prons_[idx[static_cast<size_t>(r)]];
    const auto n = static_cast<int64_t>(p.size());
    std::vector<int64_t> in{kSos}, tgt(p);
    in.insert(in.end(), p.begin(), p.end());
    tgt.push_back(kEos);
    out.graphemes[r].slice(0, 0, static_cast<int64_t>(w.size())) = torch::tensor(w);
    out.dec_in[r].slice(0, 0, n + 1) = torch::tensor(in);
    out.targets[r].slice(0, 0, n + 1) = torch::tensor(tgt);
    lengths.push_back(n + 1);
  }
  out.target_lengths = torch::tensor(lengths);
  return out;
}

torch::Tensor length_mask(const torch::Tensor& lengths, int64_t max_len) {
  return torch::arange(max_len).unsqueeze(0).lt(lengths.unsqueeze(1));  //@bug P09A torch-factory-missing-device|torch-device-mismatch
}
