#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>

#include "fasta.h"
#include "ss_backend.h"

struct Prediction {
  std::string id;
  int64_t length = 0;
  torch::Tensor residues;   // [L] Long residue types, host
  torch::Tensor ss8_probs;  // [L, 8] DSSP-state probabilities
  torch::Tensor asa;        // [L] absolute accessibility, A^2, host
};

class StructurePredictor {
 public:
  StructurePredictor(std::unique_ptr<StructureBackend> backend, int64_t max_length);

  Prediction predict(const Protein& protein);
  torch::Device device() const { return backend_->device(); }

 private:
  std::unique_ptr<StructureBackend> backend_;
  int64_t max_length_;
};
