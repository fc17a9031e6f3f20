#pragma once

#include <torch/torch.h>

#include <functional>

#include "psg.h"

// 30-second scoring epochs from lights-off on: [E, C, T] float32, host.
torch::Tensor cut_epochs(const Recording& rec, double epoch_seconds);

// Per-channel robust scaling fitted on one night, (x - median) / IQR clipped,
// so that electrode pops and movement do not dominate; for [E, C, T] epochs.
using Normaliser = std::function<torch::Tensor(const torch::Tensor&)>;
Normaliser fit_channel_normaliser(const torch::Tensor& epochs);
