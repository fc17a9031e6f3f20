#pragma once

#include <torch/torch.h>

// Neural matrix factorisation with a dense side tower.
struct HybridRecommenderImpl : torch::nn::Module {
  HybridRecommenderImpl(int64_t num_users, int64_t num_items, int64_t dim,
                        int64_t dense_dim, int64_t hidden)
      : user_emb(register_module("user_emb",
                                 torch::nn::Embedding(num_users, dim))),
        item_emb(register_module("item_emb",
                                 torch::nn::Embedding(num_items, dim))),
        dense_tower(register_module("dense_tower",
                                    torch::nn::Linear(dense_dim, dim))),
        mlp(register_module(
            "mlp", torch::nn::Sequential(
                       torch::nn::Linear(3 * dim, hidden), torch::nn::ReLU(),
                       torch::nn::Dropout(0.1), torch::nn::Linear(hidden, 1)))) {
    torch::nn::init::normal_(user_emb->weight, 0.0, 0.01);
    torch::nn::init::normal_(item_emb->weight, 0.0, 0.01);
  }

  torch::Tensor forward(const torch::Tensor& users, const torch::Tensor& items,
                        const torch::Tensor& dense) {
    auto u = user_emb->forward(users);
    auto v = item_emb->forward(items);
    auto d = torch::relu(dense_tower->forward(dense));  //@bug P04B torch-dtype-mismatch
    auto gmf = (u * v).sum(1, /*keepdim=*/true);
    auto h = mlp->forward(torch::cat({u, v, d}, 1));
    return torch::sigmoid(gmf + h).squeeze(1);
  }

  torch::nn::Embedding user_emb;
  torch::nn::Embedding item_emb;
  torch::nn::Linear dense_tower;
  torch::nn::Sequential mlp;
};
TORCH_MODULE(HybridRecommender);
