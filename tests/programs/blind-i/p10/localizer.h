#pragma once

#include <torch/torch.h>

#include "config.h"

struct LocOutput {
  torch::Tensor building_logits;  // [B, num_buildings]
  torch::Tensor floor_logits;     // [B, max_floors]
  torch::Tensor xy;               // [B, 2] in the local frame (see geo.h)
};

// Shared MLP trunk over the scaled RSSI vector with three heads.
struct LocalizerImpl : torch::nn::Module {
  explicit LocalizerImpl(const Config& cfg)
      : noise_std(cfg.input_noise),
        trunk(register_module("trunk", torch::nn::Sequential(
                                           torch::nn::Linear(cfg.num_waps, cfg.hidden),
                                           torch::nn::ReLU(), torch::nn::Dropout(cfg.dropout),
                                           torch::nn::Linear(cfg.hidden, cfg.hidden / 2),
                                           torch::nn::ReLU()))),
        building_head(register_module("building", torch::nn::Linear(cfg.hidden / 2, cfg.num_buildings))),
        floor_head(register_module("floor", torch::nn::Linear(cfg.hidden / 2, cfg.max_floors))),
        xy_head(register_module("xy", torch::nn::Linear(cfg.hidden / 2, 2))) {}

  LocOutput forward(torch::Tensor rssi) {
    // Access points come and go between survey and use: perturb while training.
    if (is_training() && noise_std > 0) rssi = (rssi + noise_std * torch::randn_like(rssi)).clamp(0.0, 1.0);
    auto h = trunk->forward(rssi);
    return LocOutput{building_head->forward(h), floor_head->forward(h), xy_head->forward(h)};
  }

  double noise_std;
  torch::nn::Sequential trunk;
  torch::nn::Linear building_head, floor_head, xy_head;
};
TORCH_MODULE(Localizer);

Localizer make_localizer(const Config& cfg);
