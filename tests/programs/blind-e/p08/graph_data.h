#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "config.h"

struct CitationGraph {
  int64_t num_nodes = 0;
  std::vector<std::pair<int64_t, int64_t>> edges;  // undirected, no self loops
  torch::Tensor features;  // [N, F] Float, row-normalised bag of words
  torch::Tensor labels;    // [N] Long
};

CitationGraph load_citation_graph(const GcnConfig& cfg);

// ---- graph_utils.cpp ----------------------------------------------------

// Symmetric normalisation D^-1/2 A D^-1/2 of the adjacency, dense [N, N].
torch::Tensor normalized_adjacency(const CitationGraph& g);

struct SplitMasks {
  torch::Tensor train;  // [N] Bool
  torch::Tensor val;    // [N] Bool
  torch::Tensor test;   // [N] Bool
};
// Planetoid-style split: train_per_class labelled nodes per class, then
// val_nodes validation nodes, the rest test.
SplitMasks planetoid_split(const CitationGraph& g, const GcnConfig& cfg);
