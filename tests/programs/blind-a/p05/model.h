#pragma once
#include <torch/torch.h>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl(int64_t in_dim, int64_t hidden) {
    fc1 = register_module("fc1", torch::nn::Linear(in_dim, hidden));
    fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})));
  }
  torch::Tensor forward(torch::Tensor x) { return norm(torch::gelu(fc2(torch::gelu(fc1(x))))); }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(Encoder);

struct DecoderImpl : torch::nn::Module {
  DecoderImpl(int64_t hidden, int64_t out_dim) {
    fc = register_module("fc", torch::nn::Linear(hidden, hidden));
    out = register_module("out", torch::nn::Linear(hidden, out_dim));
  }
  torch::Tensor forward(torch::Tensor h) { return out(torch::relu(fc(h))); }
  torch::nn::Linear fc{nullptr}, out{nullptr};
};
TORCH_MODULE(Decoder);
