#pragma once

#include <torch/torch.h>

// Deterministic synthetic dataset; every rank materialises the same data and
// keeps only its own strided shard.
struct Shard {
  torch::Tensor inputs;
  torch::Tensor labels;
};

inline Shard load_shard(int rank, int world_size, int64_t total, int64_t features,
                        int64_t classes) {
  auto gen = torch::make_generator<at::CPUGeneratorImpl>(2024);
  auto inputs = torch::randn({total, features}, gen);
  auto projection = torch::randn({features, classes}, gen);
  auto labels = inputs.matmul(projection).argmax(1);
  auto idx = torch::arange(rank, total, world_size, torch::kLong);
  return {inputs.index_select(0, idx), labels.index_select(0, idx)};
}
