#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "config.h"

struct SignatureBatch {
  torch::Tensor images;      // [B, 1, H, W] Float, ink = 1
  torch::Tensor writer_ids;  // [B]
};

// Verification pairs: reference signature vs questioned signature.
struct PairSet {
  torch::Tensor reference;   // [N, 1, H, W] Float
  torch::Tensor questioned;  // [N, 1, H, W] Float
  torch::Tensor genuine;     // [N] 1 if the questioned one is genuine
};

class SignatureDataset {
 public:
  SignatureDataset(const std::string& dir, const SigConfig& cfg);

  // P writers x K samples each (the PK sampling batch-hard mining needs).
  SignatureBatch sample_pk(std::mt19937& rng) const;
  size_t num_writers() const { return by_writer_.size(); }

 private:
  SigConfig cfg_;
  std::vector<std::vector<std::vector<uint8_t>>> by_writer_;  // grey images
};

PairSet load_pairs(const std::string& path, const SigConfig& cfg);
