#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

constexpr int64_t kAminoVocab = 22;  // 20 residues, X, padding
constexpr int64_t kStructureClasses = 3;
constexpr int64_t kIgnoreIndex = -100;

struct Protein {
  std::string sequence;   // one-letter amino-acid codes
  std::string structure;  // DSSP reduced to H / E / C, same length
};

struct Batch {
  torch::Tensor tokens;  // [B, L] residue ids, 0 = padding
  torch::Tensor labels;  // [B, L] class ids, kIgnoreIndex on padding
  torch::Tensor mask;    // [B, L] true on real residues
};

std::vector<Protein> read_proteins(const std::string& path);
std::vector<Protein> synthetic_proteins(int64_t n, uint64_t seed);
Batch collate(const std::vector<Protein>& proteins, size_t begin, size_t end);
