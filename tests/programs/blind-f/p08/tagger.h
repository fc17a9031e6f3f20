#pragma once

#include <torch/torch.h>

#include <cstdint>

struct BiLstmTaggerImpl : torch::nn::Module {
  BiLstmTaggerImpl(int64_t vocab, int64_t embed_dim, int64_t hidden, int64_t num_tags)
      : embed(torch::nn::EmbeddingOptions(vocab, embed_dim).padding_idx(0)),
        lstm(torch::nn::LSTMOptions(embed_dim, hidden).batch_first(true).bidirectional(true)),
        dropout(0.33),
        out(2 * hidden, num_tags) {
    register_module("embed", embed);
    register_module("lstm", lstm);
    register_module("dropout", dropout);
    register_module("out", out);
  }

  // tokens: [B, L] Long -> emissions [B, L, num_tags]
  torch::Tensor forward(const torch::Tensor& tokens) {
    auto x = dropout(embed(tokens));
    auto h = std::get<0>(lstm->forward(x));
    return out(dropout(h));
  }

  torch::nn::Embedding embed;
  torch::nn::LSTM lstm;
  torch::nn::Dropout dropout;
  torch::nn::Linear out;
};
TORCH_MODULE(BiLstmTagger);
