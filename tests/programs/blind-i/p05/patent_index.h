#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// The prior-art index: whitened, unit-length claim vectors of the corpus in
// shards of at most a million patents (float32 [n, 256] each), with the
// publication number and main CPC symbol of every row, shard after shard.
struct PatentIndex {
  std::vector<torch::Tensor> shards;
  std::vector<std::string> publication;
  std::vector<std::string> cpc;
  int64_t size() const { return static_cast<int64_t>(publication.size()); }
};

// <dir>/vectors.bin: int64 shard count, then per shard int64 n, int64 dim and
// n * dim float32; <dir>/rows.tsv: publication <TAB> CPC, one row per vector.
PatentIndex load_index(const std::string& dir);
