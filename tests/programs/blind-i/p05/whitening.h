#pragma once

#include <torch/torch.h>

#include <string>

// PCA whitening fitted on the encoder's pooled claim vectors of the whole
// corpus (numpy export, float64): x -> (x - mean) @ projection, 768 -> 256.
struct Whitening {
  torch::Tensor mean;        // [768]
  torch::Tensor projection;  // [768, 256]
};

Whitening load_whitening(const std::string& path);
