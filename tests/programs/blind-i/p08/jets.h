#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// One jet: label and constituents (pt [GeV], eta, phi, E [GeV]) by decreasing pt.
struct Jet {
  int64_t label = 0;
  std::vector<float> constituents;  // 4 * n
  int64_t size() const { return static_cast<int64_t>(constituents.size() / 4); }
};

// "label n pt eta phi E pt eta phi E ..." per line.
std::vector<Jet> read_jets(const std::string& path);

// Per-constituent features relative to the jet axis, [n, 6]: log pt, log E,
// delta eta, delta phi, log(pt / pt_jet), delta R.
torch::Tensor constituent_features(const Jet& jet, int64_t max_particles);

struct JetBatch {
  torch::Tensor particles;  // [B, N, 6] float32, zero-padded
  torch::Tensor mask;       // [B, N] float32, 1 for real constituents
  torch::Tensor labels;     // [B] int64
  JetBatch to(const torch::Device& device) const;
};

JetBatch make_batch(const std::vector<Jet>& jets, const std::vector<int64_t>& order,
                    int64_t begin, int64_t end, int64_t max_particles);
