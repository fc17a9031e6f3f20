#pragma once

#include <torch/torch.h>

#include "config.h"

// Bidirectional GRU encoder over letters, GRU decoder over phonemes with
// Luong (dot) attention; teacher forcing during training.
struct G2pModelImpl : torch::nn::Module {
  G2pModelImpl(const G2pConfig& cfg, int64_t letters, int64_t phones)
      : hidden_(cfg.hidden),
        letter_emb(torch::nn::EmbeddingOptions(letters, cfg.embed).padding_idx(kPad)),
        encoder(torch::nn::GRUOptions(cfg.embed, cfg.hidden / 2).batch_first(true).bidirectional(true)),
        bridge(cfg.hidden, cfg.hidden),
        phone_emb(torch::nn::EmbeddingOptions(phones, cfg.embed).padding_idx(kPad)),
        decoder(torch::nn::GRUOptions(cfg.embed, cfg.hidden).batch_first(true)),
        combine(2 * cfg.hidden, cfg.hidden),
        out(cfg.hidden, phones) {
    register_module("letter_emb", letter_emb);
    register_module("encoder", encoder);
    register_module("bridge", bridge);
    register_module("phone_emb", phone_emb);
    register_module("decoder", decoder);
    register_module("combine", combine);
    register_module("out", out);
  }

  struct Memory {
    torch::Tensor states, mask, init;  // [B, Lg, H], [B, Lg] Bool, [1, B, H]
  };

  Memory encode(const torch::Tensor& letters) {
    auto enc = encoder->forward(letter_emb(letters));
    auto h = std::get<1>(enc);  // [2, B, H/2]
    return Memory{std::get<0>(enc), letters.ne(kPad),
                  torch::tanh(bridge(torch::cat({h[0], h[1]}, 1))).unsqueeze(0)};
  }

  // Log-probabilities [B, Lp, P] of the next phoneme after each input position.
  torch::Tensor decode(const Memory& mem, const torch::Tensor& dec_in, const torch::Tensor& hidden) {
    auto dec = std::get<0>(decoder->forward(phone_emb(dec_in), hidden));      // [B, Lp, H]
    auto scores = dec.bmm(mem.states.transpose(1, 2));                         // [B, Lp, Lg]
    scores = scores.masked_fill(mem.mask.logical_not().unsqueeze(1), -1e9);
    auto context = torch::softmax(scores, -1).bmm(mem.states);                 // [B, Lp, H]
    auto h = torch::tanh(combine(torch::cat({dec, context}, -1)));
    return torch::log_softmax(out(h), -1);
  }

  torch::Tensor forward(const torch::Tensor& letters, const torch::Tensor& dec_in) {
    Memory mem = encode(letters);
    return decode(mem, dec_in, mem.init);
  }

  // Greedy decoding for max_len steps; [B, max_len] Long on the letters' device.
  torch::Tensor greedy(const torch::Tensor& letters, int64_t max_len) {
    Memory mem = encode(letters);
    auto token = torch::full({letters.size(0), 1}, kSos,
                             torch::TensorOptions().dtype(torch::kLong).device(letters.device()));
    auto hidden = mem.init;
    std::vector<torch::Tensor> steps;
    for (int64_t t = 0; t < max_len; ++t) {
      auto dec = decoder->forward(phone_emb(token), hidden);
      hidden = std::get<1>(dec);
      auto scores = std::get<0>(dec).bmm(mem.states.transpose(1, 2))
                        .masked_fill(mem.mask.logical_not().unsqueeze(1), -1e9);
      auto context = torch::softmax(scores, -1).bmm(mem.states);
      auto h = torch::tanh(combine(torch::cat({std::get<0>(dec), context}, -1)));
      token = out(h).argmax(-1);  // [B, 1]
      steps.push_back(token);
    }
    return torch::cat(steps, 1);
  }

  int64_t hidden_;
  torch::nn::Embedding letter_emb;
  torch::nn::GRU encoder;
  torch::nn::Linear bridge;
  torch::nn::Embedding phone_emb;
  torch::nn::GRU decoder;
  torch::nn::Linear combine;
  torch::nn::Linear out;
};
TORCH_MODULE(G2pModel);
