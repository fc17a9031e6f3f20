#pragma once

#include <torch/torch.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "config.h"
#include "encoding.h"

struct AlibiSelfAttentionImpl : torch::nn::Module {
  AlibiSelfAttentionImpl(int64_t d_model, int64_t heads, double dropout)
      : heads_(heads), head_dim_(d_model / heads),
        qkv(d_model, 3 * d_model), proj(d_model, d_model), drop(dropout) {
    register_module("qkv", qkv);
    register_module("proj", proj);
    register_module("drop", drop);
    // A buffer, so that module->to(device) carries it along.
    slopes = register_buffer("slopes", alibi_slopes(heads));  //@bug P08B torch-dtype-mismatch
  }

  // x: [B, L, D]; key_mask: [B, L] Bool, true on real tokens.
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& key_mask) {
    const int64_t b = x.size(0), len = x.size(1), d = x.size(2);
    auto qkv_out = qkv(x).view({b, len, 3, heads_, head_dim_}).permute({2, 0, 3, 1, 4});
    auto q = qkv_out[0], k = qkv_out[1], v = qkv_out[2];  // [B, H, L, Dh]
    auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
    auto bias = slopes * relative_distance(len);  //@bug P08A torch-device-mismatch|torch-factory-missing-device
    scores = scores + bias;  //@bug P08B torch-dtype-mismatch
    scores = scores.masked_fill(key_mask.logical_not().view({b, 1, 1, len}), -1e9);
    auto attn = drop(torch::softmax(scores, -1));
    auto ctx = torch::matmul(attn, v);  //@bug P08B torch-dtype-mismatch
    return proj(ctx.transpose(1, 2).reshape({b, len, d}));
  }

  int64_t heads_, head_dim_;
  torch::nn::Linear qkv, proj;
  torch::nn::Dropout drop;
  torch::Tensor slopes;  // [H, 1, 1]
};
TORCH_MODULE(AlibiSelfAttention);

struct EncoderLayerImpl : torch::nn::Module {
  explicit EncoderLayerImpl(const QaConfig& cfg)
      : ln1(torch::nn::LayerNormOptions({cfg.d_model})),
        attn(cfg.d_model, cfg.heads, cfg.dropout),
        ln2(torch::nn::LayerNormOptions({cfg.d_model})),
        fc1(cfg.d_model, cfg.ffn), fc2(cfg.ffn, cfg.d_model), drop(cfg.dropout) {
    register_module("ln1", ln1);
    register_module("attn", attn);
    register_module("ln2", ln2);
    register_module("fc1", fc1);
    register_module("fc2", fc2);
    register_module("drop", drop);
  }
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& mask) {
    x = x + drop(attn(ln1(x), mask));
    return x + drop(fc2(torch::gelu(fc1(ln2(x)))));
  }
  torch::nn::LayerNorm ln1;
  AlibiSelfAttention attn;
  torch::nn::LayerNorm ln2;
  torch::nn::Linear fc1, fc2;
  torch::nn::Dropout drop;
};
TORCH_MODULE(EncoderLayer);

// Reader: start and end logits over the passage tokens.
struct QaReaderImpl : torch::nn::Module {
  explicit QaReaderImpl(const QaConfig& cfg)
      : tok(cfg.vocab_size, cfg.d_model), seg(2, cfg.d_model),
        ln_f(torch::nn::LayerNormOptions({cfg.d_model})), span(cfg.d_model, 2) {
    register_module("tok", tok);
    register_module("seg", seg);
    for (int64_t i = 0; i < cfg.layers; ++i) {
      layers.push_back(register_module("layer" + std::to_string(i), EncoderLayer(cfg)));
    }
    register_module("ln_f", ln_f);
    register_module("span", span);
  }

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& ids, const torch::Tensor& segs,
                                                  const torch::Tensor& mask) {
    auto h = tok(ids) + seg(segs);
    for (auto& layer : layers) h = layer(h, mask);
    auto logits = span(ln_f(h));  // [B, L, 2]
    // Only passage tokens and [CLS] (no answer) can start or end an answer.
    auto allowed = segs.eq(1).logical_and(mask);
    allowed.select(1, 0).fill_(true);
    auto start = logits.select(2, 0).masked_fill(allowed.logical_not(), -1e4);
    auto end = logits.select(2, 1).masked_fill(allowed.logical_not(), -1e4);
    return {start, end};
  }

  torch::nn::Embedding tok, seg;
  std::vector<EncoderLayer> layers;
  torch::nn::LayerNorm ln_f;
  torch::nn::Linear span;
};
TORCH_MODULE(QaReader);
