#pragma once

#include <torch/torch.h>

// GRU encoder + linear head predicting the next `horizon` hours at once.
struct LoadForecasterImpl : torch::nn::Module {
  LoadForecasterImpl(int64_t in_features, int64_t hidden, int64_t layers,
                     int64_t horizon)
      : gru(register_module(
            "gru", torch::nn::GRU(torch::nn::GRUOptions(in_features, hidden)
                                      .num_layers(layers)
                                      .batch_first(true)
                                      .dropout(layers > 1 ? 0.1 : 0.0)))),
        head(register_module("head", torch::nn::Linear(hidden, horizon))),
        layers_(layers),
        hidden_(hidden) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h0 = torch::zeros({layers_, x.size(0), hidden_});
    auto out = std::get<0>(gru->forward(x, h0));  // [B, T, H]
    return head->forward(out.select(1, -1));
  }

  torch::nn::GRU gru;
  torch::nn::Linear head;
  int64_t layers_;
  int64_t hidden_;
};
TORCH_MODULE(LoadForecaster);
