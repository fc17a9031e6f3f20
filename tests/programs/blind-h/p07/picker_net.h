#pragma once

#include <torch/torch.h>

#include "config.h"

struct ConvBlockImpl : torch::nn::Module {
  ConvBlockImpl(int64_t in, int64_t out, int64_t stride)
      : conv(torch::nn::Conv1dOptions(in, out, 7).stride(stride).padding(3).bias(false)), bn(out) {
    register_module("conv", conv);
    register_module("bn", bn);
  }
  torch::Tensor forward(const torch::Tensor& x) { return torch::relu(bn(conv(x))); }
  torch::nn::Conv1d conv;
  torch::nn::BatchNorm1d bn;
};
TORCH_MODULE(ConvBlock);

struct UpBlockImpl : torch::nn::Module {
  UpBlockImpl(int64_t in, int64_t out)
      : up(torch::nn::ConvTranspose1dOptions(in, out, 4).stride(4)), merge(2 * out, out, 1) {
    register_module("up", up);
    register_module("merge", merge);
  }
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& skip) {
    return merge(torch::cat({torch::relu(up(x)), skip}, 1));
  }
  torch::nn::ConvTranspose1d up;
  ConvBlock merge;
};
TORCH_MODULE(UpBlock);

// Small 1-D U-Net: per-sample logits for P, S and noise, [B, 3, T].
struct PhasePickerImpl : torch::nn::Module {
  explicit PhasePickerImpl(const PickerConfig& cfg)
      : enc1(cfg.channels, 8, 1), enc2(8, 16, 4), enc3(16, 32, 4), enc4(32, 64, 4),
        dec3(64, 32), dec2(32, 16), dec1(16, 8),
        head(torch::nn::Conv1dOptions(8, cfg.num_classes, 1)) {
    register_module("enc1", enc1);
    register_module("enc2", enc2);
    register_module("enc3", enc3);
    register_module("enc4", enc4);
    register_module("dec3", dec3);
    register_module("dec2", dec2);
    register_module("dec1", dec1);
    register_module("head", head);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    const int64_t t = x.size(2);
    const int64_t padded = (t + 63) / 64 * 64;  // three stride-4 stages
    auto h = x;
    if (padded != t) {
      h = torch::cat({x, torch::zeros({x.size(0), x.size(1), padded - t}, x.options())}, 2);
    }
    auto e1 = enc1(h), e2 = enc2(e1), e3 = enc3(e2), e4 = enc4(e3);
    auto d = dec1(dec2(dec3(e4, e3), e2), e1);
    return head(d).narrow(2, 0, t);
  }

  ConvBlock enc1, enc2, enc3, enc4;
  UpBlock dec3, dec2, dec1;
  torch::nn::Conv1d head;
};
TORCH_MODULE(PhasePicker);
