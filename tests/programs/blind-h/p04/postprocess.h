#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// DSSP 8 states G H I E B T S C(-) reduced to helix / strand / coil.
torch::Tensor ss8_to_q3(const torch::Tensor& ss8_probs);  // [L, 8] -> [L, 3]

std::string q3_string(const torch::Tensor& q3_probs);               // "HHHEEC..."
std::vector<float> q3_confidence(const torch::Tensor& q3_probs);     // max probability per residue

// Relative solvent accessibility: absolute ASA over the residue type's maximum.
torch::Tensor relative_accessibility(const torch::Tensor& asa, const torch::Tensor& residues,
                                     const torch::Tensor& max_asa);

// 'b' (buried) below the threshold, 'e' (exposed) above it.
std::string burial_string(const torch::Tensor& rsa, float threshold);

void print_prediction(const std::string& id, const std::string& seq, const std::string& ss,
                      const std::vector<float>& conf, const std::string& burial);
