#pragma once

#include <torch/torch.h>

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int64_t width)
      : fc(register_module("fc", torch::nn::Linear(width, width))),
        norm(register_module("norm", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({width})))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return x + torch::relu(fc->forward(norm->forward(x)));
  }

  torch::nn::Linear fc;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(ResidualBlock);

struct ResMLPImpl : torch::nn::Module {
  ResMLPImpl(int64_t in_features, int64_t hidden, int64_t classes, int depth = 4) {
    stem = register_module("stem", torch::nn::Linear(in_features, hidden));
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int i = 0; i < depth; ++i) blocks->push_back(ResidualBlock(hidden));
    head = register_module("head", torch::nn::Linear(hidden, classes));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = stem->forward(x);
    for (const auto& block : *blocks) {
      x = block->as<ResidualBlock>()->forward(x);
    }
    return head->forward(x);
  }

  torch::nn::Linear stem{nullptr};
  torch::nn::ModuleList blocks{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(ResMLP);
