#pragma once

#include <torch/torch.h>

// Small encoder-decoder for 128x128 tiles: two strided stages, a bottleneck
// and two transposed-conv stages with skip connections.
struct ConvBlockImpl : torch::nn::Module {
  ConvBlockImpl(int64_t in, int64_t out, int64_t stride)
      : conv(register_module("conv", torch::nn::Conv2d(
                                         torch::nn::Conv2dOptions(in, out, 3)
                                             .stride(stride)
                                             .padding(1)
                                             .bias(false)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(out))) {}
  torch::Tensor forward(const torch::Tensor& x) {
    return torch::relu(bn(conv(x)));
  }
  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
};
TORCH_MODULE(ConvBlock);

struct SegNetImpl : torch::nn::Module {
  SegNetImpl(int64_t bands, int64_t classes)
      : stem(register_module("stem", ConvBlock(bands, 32, 1))),
        down1(register_module("down1", ConvBlock(32, 64, 2))),
        down2(register_module("down2", ConvBlock(64, 128, 2))),
        up1(register_module("up1", torch::nn::ConvTranspose2d(
                                       torch::nn::ConvTranspose2dOptions(128, 64, 2)
                                           .stride(2)))),
        up2(register_module("up2", torch::nn::ConvTranspose2d(
                                       torch::nn::ConvTranspose2dOptions(64, 32, 2)
                                           .stride(2)))),
        head(register_module("head", torch::nn::Conv2d(
                                         torch::nn::Conv2dOptions(32, classes, 1)))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto s0 = stem(x);        // [B, 32, H, W]
    auto s1 = down1(s0);      // [B, 64, H/2, W/2]
    auto s2 = down2(s1);      // [B, 128, H/4, W/4]
    auto u1 = torch::relu(up1(s2)) + s1;
    auto u2 = torch::relu(up2(u1)) + s0;
    return head(u2);          // [B, classes, H, W]
  }

  ConvBlock stem, down1, down2;
  torch::nn::ConvTranspose2d up1, up2;
  torch::nn::Conv2d head;
};
TORCH_MODULE(SegNet);
