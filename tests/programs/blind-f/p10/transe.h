#pragma once

#include <torch/torch.h>

#include <cmath>
#include <cstdint>

// TransE (Bordes et al. 2013): h + r ~ t, L1 distance.
struct TransEImpl : torch::nn::Module {
  TransEImpl(int64_t num_entities, int64_t num_relations, int64_t dim)
      : ent(num_entities, dim), rel(num_relations, dim) {
    register_module("ent", ent);
    register_module("rel", rel);
    const double bound = 6.0 / std::sqrt(static_cast<double>(dim));
    torch::NoGradGuard no_grad;
    ent->weight.uniform_(-bound, bound);
    rel->weight.uniform_(-bound, bound);
    rel->weight.div_(rel->weight.norm(1, 1, /*keepdim=*/true));
  }

  // triples: [B, 3] Long -> distance [B] (lower = more plausible)
  torch::Tensor forward(const torch::Tensor& triples) {
    auto h = ent(triples.select(1, 0));
    auto r = rel(triples.select(1, 1));
    auto t = ent(triples.select(1, 2));
    return (h + r - t).abs().sum(1);
  }

  // Entity vectors are kept on the unit L2 sphere between steps.
  void renormalise() {
    torch::NoGradGuard no_grad;
    ent->weight.div_(ent->weight.norm(2, 1, /*keepdim=*/true).clamp_min(1.0));
  }

  torch::nn::Embedding ent, rel;
};
TORCH_MODULE(TransE);
