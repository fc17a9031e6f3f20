#pragma once

#include <torch/torch.h>

// Per-residue secondary-structure tagger: helix (H), strand (E), coil (C).
struct SSNetImpl : torch::nn::Module {
  SSNetImpl(int64_t vocab, int64_t embed_dim, int64_t channels, int64_t classes)
      : embed(register_module(
            "embed", torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab, embed_dim).padding_idx(0)))),
        conv1(register_module(
            "conv1", torch::nn::Conv1d(torch::nn::Conv1dOptions(embed_dim, channels, 7).padding(3)))),
        conv2(register_module(
            "conv2", torch::nn::Conv1d(torch::nn::Conv1dOptions(channels, channels, 7).padding(3)))),
        head(register_module("head", torch::nn::Linear(channels, classes))) {}

  torch::Tensor forward(const torch::Tensor& tokens) {
    auto h = embed(tokens).transpose(1, 2);  // [B, E, L]
    h = torch::relu(conv1(h));
    h = torch::relu(conv2(h)) + h;
    return head(h.transpose(1, 2));  // [B, L, classes]
  }

  torch::nn::Embedding embed;
  torch::nn::Conv1d conv1;
  torch::nn::Conv1d conv2;
  torch::nn::Linear head;
};
TORCH_MODULE(SSNet);
