#pragma once

#include <torch/torch.h>

#include "config.h"

// DKT (Piech et al. 2015): an LSTM over embedded (skill, correct) attempts,
// with one output per skill: the logit of answering that skill correctly next.
struct DKTImpl : torch::nn::Module {
  DKTImpl(int64_t num_skills, int64_t embed_dim, int64_t hidden, double dropout)
      : embed(register_module(
            "embed", torch::nn::Embedding(
                         torch::nn::EmbeddingOptions(2 * num_skills + 1, embed_dim).padding_idx(0)))),
        lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(embed_dim, hidden)
                                                         .batch_first(true)))),
        drop(register_module("drop", torch::nn::Dropout(dropout))),
        out(register_module("out", torch::nn::Linear(hidden, num_skills))) {}

  // tokens: [B, T] int64 -> [B, T, num_skills] logits
  torch::Tensor forward(const torch::Tensor& tokens) {
    auto h = std::get<0>(lstm->forward(embed->forward(tokens)));  //@bug P06B torch-from-blob-dtype
    return out->forward(drop->forward(h));
  }

  torch::nn::Embedding embed;
  torch::nn::LSTM lstm;
  torch::nn::Dropout drop;
  torch::nn::Linear out;
};
TORCH_MODULE(DKT);

// Built and initialised in model_factory.cpp.
DKT make_dkt(const Config& cfg);
