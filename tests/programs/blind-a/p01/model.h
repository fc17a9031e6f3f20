#pragma once
#include <torch/torch.h>

struct SmallConvNetImpl : torch::nn::Module {
  SmallConvNetImpl(int64_t in_channels, int64_t num_classes)
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, 16, 3).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).padding(1)))),
        fc(register_module("fc", torch::nn::Linear(32 * 7 * 7, num_classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::max_pool2d(torch::relu(conv1->forward(x)), 2);
    x = torch::max_pool2d(torch::relu(conv2->forward(x)), 2);
    x = x.flatten(1);
    return fc->forward(x);
  }

  torch::nn::Conv2d conv1;
  torch::nn::Conv2d conv2;
  torch::nn::Linear fc;
};
TORCH_MODULE(SmallConvNet);
