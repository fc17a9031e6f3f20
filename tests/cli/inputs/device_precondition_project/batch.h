#pragma once
#include <torch/torch.h>

struct Batch {
  torch::Tensor images;
  torch::Tensor ids;
};

Batch make_batch(int64_t n, torch::Device device);
torch::Tensor pair_loss(const torch::Tensor &emb, const torch::Tensor &ids);
