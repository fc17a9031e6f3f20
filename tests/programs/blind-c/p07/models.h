#pragma once

#include <torch/torch.h>

struct ConvBnReluImpl : torch::nn::Module {
  ConvBnReluImpl(int64_t in, int64_t out)
      : conv(register_module(
            "conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).padding(1).bias(false)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(out))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return torch::relu(bn->forward(conv->forward(x)));
  }

  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
};
TORCH_MODULE(ConvBnRelu);

inline ConvBnRelu conv_bn(int64_t in, int64_t out) { return ConvBnRelu(in, out); }

struct TeacherNetImpl : torch::nn::Module {
  explicit TeacherNetImpl(int64_t num_classes)
      : features(register_module(
            "features",
            torch::nn::Sequential(conv_bn(3, 128), conv_bn(128, 128),
                                  torch::nn::MaxPool2d(2), conv_bn(128, 256),
                                  conv_bn(256, 256), torch::nn::MaxPool2d(2),
                                  conv_bn(256, 512), torch::nn::AdaptiveAvgPool2d(1)))),
        fc(register_module("fc", torch::nn::Linear(512, num_classes))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return fc->forward(features->forward(x).flatten(1));
  }

  torch::nn::Sequential features;
  torch::nn::Linear fc;
};
TORCH_MODULE(TeacherNet);

struct StudentNetImpl : torch::nn::Module {
  explicit StudentNetImpl(int64_t num_classes)
      : features(register_module(
            "features",
            torch::nn::Sequential(conv_bn(3, 32), torch::nn::MaxPool2d(2),
                                  conv_bn(32, 64), torch::nn::MaxPool2d(2),
                                  conv_bn(64, 128), torch::nn::AdaptiveAvgPool2d(1)))),
        fc(register_module("fc", torch::nn::Linear(128, num_classes))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return fc->forward(features->forward(x).flatten(1));
  }

  torch::nn::Sequential features;
  torch::nn::Linear fc;
};
TORCH_MODULE(StudentNet);
