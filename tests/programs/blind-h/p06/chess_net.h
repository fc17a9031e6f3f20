#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>

#include "config.h"

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int64_t ch)
      : conv1(torch::nn::Conv2dOptions(ch, ch, 3).padding(1).bias(false)),
        bn1(ch),
        conv2(torch::nn::Conv2dOptions(ch, ch, 3).padding(1).bias(false)),
        bn2(ch) {
    register_module("conv1", conv1);
    register_module("bn1", bn1);
    register_module("conv2", conv2);
    register_module("bn2", bn2);
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(bn1(conv1(x)));
    return torch::relu(x + bn2(conv2(h)));
  }
  torch::nn::Conv2d conv1;
  torch::nn::BatchNorm2d bn1;
  torch::nn::Conv2d conv2;
  torch::nn::BatchNorm2d bn2;
};
TORCH_MODULE(ResidualBlock);

// Residual tower with a policy head (move logits) and a value head (tanh).
struct ChessNetImpl : torch::nn::Module {
  explicit ChessNetImpl(const ChessConfig& cfg)
      : stem(torch::nn::Conv2dOptions(cfg.planes, cfg.filters, 3).padding(1).bias(false)),
        stem_bn(cfg.filters),
        policy_conv(torch::nn::Conv2dOptions(cfg.filters, 32, 1)),
        policy_fc(32 * 64, cfg.num_moves),
        value_conv(torch::nn::Conv2dOptions(cfg.filters, 4, 1)),
        value_fc1(4 * 64, 128),
        value_fc2(128, 1) {
    register_module("stem", stem);
    register_module("stem_bn", stem_bn);
    for (int64_t i = 0; i < cfg.blocks; ++i) tower->push_back(ResidualBlock(cfg.filters));
    register_module("tower", tower);
    register_module("policy_conv", policy_conv);
    register_module("policy_fc", policy_fc);
    register_module("value_conv", value_conv);
    register_module("value_fc1", value_fc1);
    register_module("value_fc2", value_fc2);
  }

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& planes) {
    auto x = torch::relu(stem_bn(stem(planes)));
    x = tower->forward(x);
    auto p = torch::relu(policy_conv(x)).flatten(1);
    auto v = torch::relu(value_conv(x)).flatten(1);
    v = torch::tanh(value_fc2(torch::relu(value_fc1(v)))).squeeze(1);
    return {policy_fc(p), v};
  }

  torch::nn::Conv2d stem;
  torch::nn::BatchNorm2d stem_bn;
  torch::nn::Sequential tower;
  torch::nn::Conv2d policy_conv;
  torch::nn::Linear policy_fc;
  torch::nn::Conv2d value_conv;
  torch::nn::Linear value_fc1;
  torch::nn::Linear value_fc2;
};
TORCH_MODULE(ChessNet);

// net_builder.cpp: constructs the network for cfg and initialises it.
ChessNet build_network(const ChessConfig& cfg);
