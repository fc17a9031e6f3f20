#pragma once

#include <torch/torch.h>

#include <tuple>

// Predicts the next day's log return from a window of past returns.
struct ReturnLSTMImpl : torch::nn::Module {
  ReturnLSTMImpl(int64_t hidden, int64_t layers)
      : lstm(register_module(
            "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(1, hidden).num_layers(layers).batch_first(true)))),
        head(register_module("head", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor& window, std::tuple<torch::Tensor, torch::Tensor> state) {
    auto out = std::get<0>(lstm->forward(window, state));  // [B, T, H]
    return head(out.select(1, -1));                         // [B, 1]
  }

  torch::nn::LSTM lstm;
  torch::nn::Linear head;
};
TORCH_MODULE(ReturnLSTM);
