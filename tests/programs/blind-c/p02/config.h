#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Hyper-parameters for semi-supervised node classification with a two-layer
// GCN (Kipf & Welling) on a citation graph.
struct GcnOptions {
  std::string edge_file = "data/cora.cites";
  std::string feature_file = "data/cora.content";

  int64_t hidden = 64;
  double dropout = 0.5;
  double lr = 0.01;
  double weight_decay = 5e-4;
  int64_t epochs = 200;
  int64_t patience = 20;
  int64_t train_per_class = 20;
  int64_t num_val = 500;
  unsigned seed = 7;

  torch::Device device = torch::kCPU;
};
