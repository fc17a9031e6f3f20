#pragma once

#include <torch/torch.h>

struct SmallConvNetImpl : torch::nn::Module {
  explicit SmallConvNetImpl(int64_t classes) {
    features = register_module(
        "features",
        torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 3).padding(1)),
            torch::nn::BatchNorm2d(32), torch::nn::ReLU(),
            torch::nn::MaxPool2d(2),
            torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)),
            torch::nn::BatchNorm2d(64), torch::nn::ReLU(),
            torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1}))));
    classifier = register_module("classifier", torch::nn::Linear(64, classes));
  }

  torch::Tensor forward(torch::Tensor x) {
    return classifier->forward(features->forward(x).flatten(1));
  }

  torch::nn::Sequential features{nullptr};
  torch::nn::Linear classifier{nullptr};
};
TORCH_MODULE(SmallConvNet);
