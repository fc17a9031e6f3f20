#include "data.h"

#include <algorithm>
#include <fstream>
#include <random>

namespace {

const std::string kResidues = "ACDEFGHIKLMNPQRSTVWY";

int64_t residue_id(char aa) {
  const auto pos = kResidues.find(aa);
  return pos == std::string::npos ? 21 : static_cast<int64_t>(pos) + 1;
}

int32_t structure_id(char ss) {
  switch (ss) {
    case 'H': return 0;
    case 'E': return 1;
    default: return 2;
  }
}

torch::Tensor length_mask(const std::vector<int64_t>& lengths, int64_t max_len) {
  auto positions = torch::arange(max_len).unsqueeze(0);
  return positions < torch::tensor(lengths).unsqueeze(1);
}

}  // namespace

std::vector<Protein> read_proteins(const std::string& path) {
  // Two lines per chain: sequence, then its structure string.
  std::vector<Protein> proteins;
  std::ifstream in(path);
  Protein p;
  while (std::getline(in, p.sequence) && std::getline(in, p.structure)) {
    if (p.sequence.size() == p.structure.size() && !p.sequence.empty()) proteins.push_back(p);
  }
  return proteins;
}

std::vector<Protein> synthetic_proteins(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Protein> proteins;
  for (int64_t i = 0; i < n; ++i) {
    Protein p;
    const size_t len = 40 + rng() % 120;
    for (size_t j = 0; j < len; ++j) {
      p.sequence.push_back(kResidues[rng() % kResidues.size()]);
      p.structure.push_back("HEC"[(j / 8 + i) % 3]);
    }
    proteins.push_back(p);
  }
  return proteins;
}

Batch collate(const std::vector<Protein>& proteins, size_t begin, size_t end) {
  size_t max_len = 0;
  for (size_t i = begin; i < end; ++i) max_len = std::max(max_len, proteins[i].sequence.size());
  const auto b = static_cast<int64_t>(end - begin);
  const auto l = static_cast<int64_t>(max_len);

  Batch batch;
  batch.tokens = torch::zeros({b, l}, torch::kLong);
  batch.labels = torch::full({b, l}, kIgnoreIndex, torch::kInt);
  auto tok = batch.tokens.accessor<int64_t, 2>();
  auto lab = batch.labels.accessor<int32_t, 2>();
  std::vector<int64_t> lengths;
  for (int64_t r = 0; r < b; ++r) {
    const Protein& p = proteins[begin + r];
    for (size_t j = 0; j < p.sequence.size(); ++j) {
      tok[r][j] = residue_id(p.sequence[j]);
      lab[r][j] = structure_id(p.structure[j]);
    }
    lengths.push_back(static_cast<int64_t>(p.sequence.size()));
  }
  batch.mask = length_mask(lengths, l);
  return batch;
}
