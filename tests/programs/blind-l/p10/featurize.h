#pragma once

#include <torch/torch.h>

#include <array>
#include <string>
#include <vector>

constexpr int64_t kTasks = 6;         // assay endpoints, Tox21 style
constexpr int64_t kDescriptors = 4;   // length, ring closures, heteroatoms, charge marks

struct Molecule {
  std::string smiles;
  std::array<double, kTasks> activity;  // 1 active, 0 inactive, NaN not measured
};

struct LabelSet {
  torch::Tensor targets;  // [N, kTasks] 0/1
  torch::Tensor mask;     // [N, kTasks] 1 where measured
};

std::vector<Molecule> synthetic_library(int64_t n, uint64_t seed);
torch::Tensor fingerprints(const std::vector<Molecule>& mols, int64_t bits);
torch::Tensor descriptors(const std::vector<Molecule>& mols);
LabelSet labels(const std::vector<Molecule>& mols);
torch::Tensor task_pos_weight(const LabelSet& set);
