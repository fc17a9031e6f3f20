#pragma once

#include <torch/torch.h>

#include <cmath>
#include <limits>

#include "attention_utils.h"

struct CausalSelfAttentionImpl : torch::nn::Module {
  CausalSelfAttentionImpl(int64_t d_model, int64_t heads, double dropout)
      : heads_(heads),
        qkv(register_module("qkv", torch::nn::Linear(d_model, 3 * d_model))),
        proj(register_module("proj", torch::nn::Linear(d_model, d_model))),
        drop(register_module("drop", torch::nn::Dropout(dropout))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    const int64_t B = x.size(0), T = x.size(1), C = x.size(2);
    const int64_t hd = C / heads_;
    auto parts = qkv(x).chunk(3, /*dim=*/2);
    auto q = parts[0].view({B, T, heads_, hd}).transpose(1, 2);
    auto k = parts[1].view({B, T, heads_, hd}).transpose(1, 2);
    auto v = parts[2].view({B, T, heads_, hd}).transpose(1, 2);

    auto att = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(hd));
    att = att.masked_fill(causal_mask(T),  //@bug P04A torch-device-mismatch
                          -std::numeric_limits<float>::infinity());
    att = drop(torch::softmax(att, /*dim=*/-1));
    auto y = torch::matmul(att, v).transpose(1, 2).contiguous().view({B, T, C});
    return proj(y);
  }

  int64_t heads_;
  torch::nn::Linear qkv, proj;
  torch::nn::Dropout drop;
};
TORCH_MODULE(CausalSelfAttention);

struct BlockImpl : torch::nn::Module {
  BlockImpl(int64_t d_model, int64_t heads, double dropout)
      : ln1(register_module("ln1", torch::nn::LayerNorm(
                                       torch::nn::LayerNormOptions({d_model})))),
        attn(register_module("attn",
                             CausalSelfAttention(d_model, heads, dropout))),
        ln2(register_module("ln2", torch::nn::LayerNorm(
                                       torch::nn::LayerNormOptions({d_model})))),
        mlp(register_module(
            "mlp", torch::nn::Sequential(
                       torch::nn::Linear(d_model, 4 * d_model), torch::nn::GELU(),
                       torch::nn::Linear(4 * d_model, d_model),
                       torch::nn::Dropout(dropout)))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = x + attn(ln1(x));
    return x + mlp->forward(ln2(x));
  }

  torch::nn::LayerNorm ln1;
  CausalSelfAttention attn;
  torch::nn::LayerNorm ln2;
  torch::nn::Sequential mlp;
};
TORCH_MODULE(Block);

struct CharGPTImpl : torch::nn::Module {
  CharGPTImpl(int64_t vocab, int64_t block_size, int64_t d_model,
              int64_t heads, int64_t layers, double dropout)
      : tok_emb(register_module("tok_emb", torch::nn::Embedding(vocab, d_model))),
        pos_emb(register_module("pos_emb",
                                torch::nn::Embedding(block_size, d_model))),
        blocks(register_module("blocks", torch::nn::ModuleList())),
        ln_f(register_module("ln_f", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({d_model})))),
        head(register_module(
            "head",
            torch::nn::Linear(torch::nn::LinearOptions(d_model, vocab).bias(false)))) {
    for (int64_t i = 0; i < layers; ++i) {
      blocks->push_back(Block(d_model, heads, dropout));
    }
  }

  // idx: [B, T] token ids (int32 or int64) -> logits [B, T, vocab]
  torch::Tensor forward(const torch::Tensor& idx) {
    const int64_t T = idx.size(1);
    auto pos = torch::arange(
        T, torch::TensorOptions().dtype(torch::kLong).device(idx.device()));
    auto x = tok_emb(idx) + pos_emb(pos);
    for (const auto& block : *blocks) {
      x = block->as<Block>()->forward(x);
    }
    return head(ln_f(x));
  }

  torch::nn::Embedding tok_emb, pos_emb;
  torch::nn::ModuleList blocks;
  torch::nn::LayerNorm ln_f;
  torch::nn::Linear head;
};
TORCH_MODULE(CharGPT);
