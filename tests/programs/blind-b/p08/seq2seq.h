#pragma once

#include <torch/torch.h>

#include <tuple>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl(int64_t vocab_size, int64_t embed_dim, int64_t hidden_dim) {
    embedding = register_module(
        "embedding", torch::nn::Embedding(
                         torch::nn::EmbeddingOptions(vocab_size, embed_dim).padding_idx(0)));
    gru = register_module(
        "gru", torch::nn::GRU(torch::nn::GRUOptions(embed_dim, hidden_dim).batch_first(true)));
  }

  // Returns the final hidden state, [1, B, H].
  torch::Tensor forward(const torch::Tensor& src) {
    auto embedded = embedding->forward(src);
    return std::get<1>(gru->forward(embedded));
  }

  torch::nn::Embedding embedding{nullptr};
  torch::nn::GRU gru{nullptr};
};
TORCH_MODULE(Encoder);

struct DecoderImpl : torch::nn::Module {
  DecoderImpl(int64_t vocab_size, int64_t embed_dim, int64_t hidden_dim) {
    embedding = register_module(
        "embedding", torch::nn::Embedding(
                         torch::nn::EmbeddingOptions(vocab_size, embed_dim).padding_idx(0)));
    gru = register_module(
        "gru", torch::nn::GRU(torch::nn::GRUOptions(embed_dim, hidden_dim).batch_first(true)));
    projection = torch::nn::Linear(hidden_dim, vocab_size);  //@bug P08A torch-unregistered-member|torch-device-mismatch
  }

  // tokens: [B, T]; hidden: [1, B, H]. Returns logits [B, T, V] and the new hidden state.
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& tokens,
                                                   const torch::Tensor& hidden) {
    auto embedded = embedding->forward(tokens);
    auto [output, next_hidden] = gru->forward(embedded, hidden);
    return {projection->forward(output), next_hidden};  //@bug P08A torch-device-mismatch
  }

  torch::nn::Embedding embedding{nullptr};
  torch::nn::GRU gru{nullptr};
  torch::nn::Linear projection{nullptr};  //@bug P08A torch-unregistered-member
};
TORCH_MODULE(Decoder);

struct Seq2SeqImpl : torch::nn::Module {
  Seq2SeqImpl(int64_t src_vocab, int64_t tgt_vocab, int64_t embed_dim, int64_t hidden_dim)
      : encoder(register_module("encoder", Encoder(src_vocab, embed_dim, hidden_dim))),
        decoder(register_module("decoder", Decoder(tgt_vocab, embed_dim, hidden_dim))) {}

  // Teacher-forced forward pass.
  torch::Tensor forward(const torch::Tensor& src, const torch::Tensor& tgt_in) {
    auto hidden = encoder->forward(src);
    return std::get<0>(decoder->forward(tgt_in, hidden));
  }

  Encoder encoder;
  Decoder decoder;
};
TORCH_MODULE(Seq2Seq);
