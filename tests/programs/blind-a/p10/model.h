#pragma once
#include <torch/torch.h>

namespace rnn = torch::nn::utils::rnn;

// GRU sentence classifier over padded batches, with a registered token-frequency buffer.
struct GruClassifierImpl : torch::nn::Module {
  GruClassifierImpl(int64_t vocab, int64_t embed, int64_t hidden, int64_t classes)
      : emb(register_module("emb", torch::nn::Embedding(vocab, embed))),
        gru(register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(embed, hidden).batch_first(true)))),
        head(register_module("head", torch::nn::Linear(hidden, classes))) {
    token_scale = register_buffer("token_scale", torch::ones({vocab, 1}));
  }

  // lengths stay on the CPU: pack_padded_sequence requires CPU lengths.
  torch::Tensor forward(const torch::Tensor& tokens, const torch::Tensor& lengths) {
    auto x = emb(tokens) * token_scale.index({tokens.flatten()}).view({tokens.size(0), tokens.size(1), 1});
    auto noise = torch::randn(x.sizes(), x.options()) * 0.01;
    if (is_training()) x = x + noise;
    auto packed = rnn::pack_padded_sequence(x, lengths, /*batch_first=*/true, /*enforce_sorted=*/false);
    auto out = gru->forward_with_packed_input(packed);
    auto h_n = std::get<1>(out);
    return head(h_n[0]);
  }

  torch::nn::Embedding emb;
  torch::nn::GRU gru;
  torch::nn::Linear head;
  torch::Tensor token_scale;
};
TORCH_MODULE(GruClassifier);
