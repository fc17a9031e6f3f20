#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Transductive node classification on a citation graph (Kipf & Welling GCN).
struct GcnConfig {
  std::string edges_path = "data/citations.edges";
  int64_t nodes = 600;
  int64_t features = 64;
  int64_t classes = 5;
  int64_t hidden = 32;
  double dropout = 0.5;
  double lr = 0.01;
  double weight_decay = 5e-4;
  int64_t epochs = 200;
  int64_t train_per_class = 20;
  int64_t val_nodes = 200;
  uint64_t seed = 3;
};
