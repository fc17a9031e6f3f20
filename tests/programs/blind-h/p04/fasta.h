#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

struct Protein {
  std::string id;
  std::string description;
  std::string seq;  // one-letter amino-acid codes
};

std::vector<Protein> read_fasta(const std::string& path);

// "ACDEFGHIKLMNPQRSTVWY" -> 0..19, anything else (B, Z, U, X, ...) -> 20.
constexpr int64_t kNumResidueTypes = 21;
torch::Tensor encode_residues(const std::string& seq);  // [1, L] Long

// Theoretical maximum solvent-accessible surface area of each residue type
// in a Gly-X-Gly tripeptide (Tien et al. 2013), in A^2, indexed like
// encode_residues.
torch::Tensor max_asa_table();
