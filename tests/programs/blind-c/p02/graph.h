#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

#include "config.h"

// Everything the trainer needs about a graph, on the host.
struct GraphData {
  torch::Tensor features;   // [N, F] float
  torch::Tensor labels;     // [N] class ids
  torch::Tensor adj_norm;   // [N, N] D^-1/2 (A + I) D^-1/2
  torch::Tensor train_idx;  // int64 node ids
  torch::Tensor val_idx;
  torch::Tensor test_idx;
  int64_t num_classes = 0;
};

GraphData load_citation_graph(const GcnOptions& opts);

// Builds the symmetric normalised adjacency from an edge list.
torch::Tensor normalized_adjacency(
    int64_t num_nodes, const std::vector<std::pair<int64_t, int64_t>>& edges);
