#pragma once

#include <torch/torch.h>

// conv3x3 -> BN -> ReLU, appended to a flat Sequential (a Sequential cannot
// hold another Sequential as a child stage).
inline void add_conv_bn(torch::nn::Sequential& seq, int64_t in, int64_t out,
                        int64_t stride) {
  seq->push_back(torch::nn::Conv2d(
      torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false)));
  seq->push_back(torch::nn::BatchNorm2d(out));
  seq->push_back(torch::nn::ReLU());
}

inline torch::nn::Sequential make_encoder(int64_t feature_dim) {
  torch::nn::Sequential seq;
  add_conv_bn(seq, 3, 32, 1);
  add_conv_bn(seq, 32, 64, 2);
  add_conv_bn(seq, 64, 128, 2);
  add_conv_bn(seq, 128, feature_dim, 2);
  seq->push_back(torch::nn::AdaptiveAvgPool2d(1));
  seq->push_back(torch::nn::Flatten());
  return seq;
}

// Small conv encoder (features) + 2-layer projection head (SimCLR's g(.)).
struct SimClrNetImpl : torch::nn::Module {
  SimClrNetImpl(int64_t feature_dim, int64_t projection_dim)
      : encoder(register_module("encoder", make_encoder(feature_dim))),
        projector(register_module(
            "projector",
            torch::nn::Sequential(torch::nn::Linear(feature_dim, feature_dim),
                                  torch::nn::ReLU(),
                                  torch::nn::Linear(feature_dim, projection_dim)))) {}

  torch::Tensor forward(const torch::Tensor& x) { return projector->forward(encoder->forward(x)); }

  torch::nn::Sequential encoder;
  torch::nn::Sequential projector;
};
TORCH_MODULE(SimClrNet);
