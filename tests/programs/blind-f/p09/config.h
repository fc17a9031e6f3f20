#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Multi-task molecular property regression (aqueous solubility logS, logD at
// pH 7.4, melting point) from Morgan fingerprints plus RDKit descriptors.
// Not every molecule has every measurement: missing targets are masked.
struct MolConfig {
  std::string train_file = "data/mols_train.bin";
  std::string valid_file = "data/mols_valid.bin";
  std::string checkpoint = "checkpoints/propnet.pt";
  int64_t fp_bits = 2048;
  int64_t num_descriptors = 8;  // MolWt, TPSA, HBD, HBA, RotB, rings, aromatic, logP
  int64_t num_tasks = 3;
  int64_t hidden = 512;
  int64_t batch_size = 128;
  int64_t epochs = 40;
  double lr = 3e-4;
  double dropout = 0.2;
  torch::Device device = torch::kCPU;
};
