// Small convolutional image denoiser (trained in float32).
#pragma once

#include <torch/torch.h>

struct DenoiserImpl : torch::nn::Module {
  DenoiserImpl()
      : c1(register_module("c1", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 16, 3).padding(1)))),
        c2(register_module("c2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 1, 3).padding(1)))) {}

  torch::Tensor forward(torch::Tensor x) {
    return x - c2->forward(torch::relu(c1->forward(x)));
  }

  torch::nn::Conv2d c1, c2;
};
TORCH_MODULE(Denoiser);
