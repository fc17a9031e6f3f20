#pragma once

#include <torch/torch.h>

// Seq2one LSTM: a week of normalised load plus a learned meter embedding ->
// the next 24 normalised hours.
struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t meters, int64_t emb, int64_t hidden, int64_t layers,
                 int64_t horizon)
      : layers_(layers),
        hidden_(hidden),
        embed(register_module("embed", torch::nn::Embedding(meters, emb))),
        lstm(register_module(
            "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(1 + emb, hidden)
                                        .num_layers(layers)
                                        .batch_first(true)))),
        head(register_module("head", torch::nn::Linear(hidden, horizon))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& meter_ids) {
    const int64_t B = x.size(0), T = x.size(1);
    auto e = embed(meter_ids).unsqueeze(1).expand({B, T, -1});
    auto h0 = torch::zeros({layers_, B, hidden_}, x.options());
    auto c0 = torch::zeros_like(h0);
    auto out = std::get<0>(lstm->forward(torch::cat({x, e}, 2),
                                         std::make_tuple(h0, c0)));
    return head(out.select(1, T - 1));
  }

  int64_t layers_, hidden_;
  torch::nn::Embedding embed;
  torch::nn::LSTM lstm;
  torch::nn::Linear head;
};
TORCH_MODULE(Forecaster);
