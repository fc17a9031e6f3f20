#pragma once
#include <torch/torch.h>

struct MlpRegressorImpl : torch::nn::Module {
  explicit MlpRegressorImpl(int64_t in_features) {
    net = register_module("net", torch::nn::Sequential(torch::nn::Linear(in_features, 32), torch::nn::Tanh(),
                                                        torch::nn::Linear(32, 1)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return net->forward(x); }
  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(MlpRegressor);
