#pragma once

#include <torch/torch.h>

// Learned vector field f(y) for the autonomous system dy/dt = f(y).
struct ODEFuncImpl : torch::nn::Module {
  explicit ODEFuncImpl(int64_t hidden)
      : net(register_module(
            "net", torch::nn::Sequential(torch::nn::Linear(2, hidden),
                                         torch::nn::Tanh(),
                                         torch::nn::Linear(hidden, 2)))) {
    for (auto& p : net->named_parameters()) {
      if (p.key().find("weight") != std::string::npos) {
        torch::nn::init::normal_(p.value(), 0.0, 0.1);
      } else {
        torch::nn::init::zeros_(p.value());
      }
    }
  }

  torch::Tensor forward(const torch::Tensor& y) {
    return net->forward(y.pow(3));
  }

  torch::nn::Sequential net;
};
TORCH_MODULE(ODEFunc);
