#pragma once

#include <torch/torch.h>

#include "config.h"

// LSTM encoder-decoder with a bivariate Gaussian per future step (the
// Social-LSTM paper's baseline); displacements normalised inside the model.
struct TrajLstmImpl : torch::nn::Module {
  TrajLstmImpl(int64_t embed, int64_t hidden, const torch::Tensor& disp_std)
      : in_embed(register_module("in_embed", torch::nn::Linear(2, embed))),
        encoder(register_module("encoder", torch::nn::LSTM(torch::nn::LSTMOptions(embed, hidden)
                                                               .batch_first(true)))),
        decoder(register_module("decoder", torch::nn::LSTMCell(embed, hidden))),
        head(register_module("head", torch::nn::Linear(hidden, 5))) {
    scale = register_buffer("disp_std", disp_std.clamp_min(1e-3).view({1, 1, 2}));
  }

  // obs_rel [B, T, 2] -> [B, pred_len, 5]: mean (2), log sigma (2), atanh rho.
  torch::Tensor forward(const torch::Tensor& obs_rel, int64_t pred_len) {
    auto x = obs_rel / scale;
    auto enc = encoder->forward(torch::relu(in_embed->forward(x)));
    auto h = std::get<0>(std::get<1>(enc)).squeeze(0);
    auto c = std::get<1>(std::get<1>(enc)).squeeze(0);
    auto last = x.select(1, x.size(1) - 1);
    std::vector<torch::Tensor> steps;
    for (int64_t t = 0; t < pred_len; ++t) {
      std::tie(h, c) = decoder->forward(torch::relu(in_embed->forward(last)), std::make_tuple(h, c));
      auto p = head->forward(h);
      steps.push_back(p);
      last = p.slice(1, 0, 2);
    }
    return torch::stack(steps, 1);
  }

  torch::Tensor predict(const torch::Tensor& obs, const torch::Tensor& obs_rel, int64_t pred_len) {
    auto params = forward(obs_rel, pred_len);
    auto start = obs.select(1, obs.size(1) - 1).unsqueeze(1);  // mean forecast, absolute
    return start + torch::cumsum(params.slice(2, 0, 2) * scale, 1);
  }

  // Future displacements in the model's normalised units, the NLL target.
  torch::Tensor normalised_future(const torch::Tensor& obs, const torch::Tensor& fut) const {
    auto prev = torch::cat({obs.slice(1, obs.size(1) - 1), fut.slice(1, 0, fut.size(1) - 1)}, 1);
    return (fut - prev) / scale;
  }

  torch::nn::Linear in_embed;
  torch::nn::LSTM encoder;
  torch::nn::LSTMCell decoder;
  torch::nn::Linear head;
  torch::Tensor scale;
};
TORCH_MODULE(TrajLstm);

TrajLstm build_traj_model(const Config& cfg, const torch::Tensor& disp_std);
