#pragma once

#include <torch/torch.h>

#include <map>

#include "localizer.h"

// Floor masks of the batch's (true) buildings stacked into [B, max_floors].
torch::Tensor floor_mask_rows(const std::map<int64_t, torch::Tensor>& masks,
                              const torch::Tensor& building);

struct LossParts {
  torch::Tensor total;
  double building = 0, floor = 0, xy = 0;
};

// Building and floor cross-entropy (the floor restricted to the floors the
// building has) plus a Huber loss on the local coordinates.
LossParts multitask_loss(const LocOutput& out, const torch::Tensor& building,
                         const torch::Tensor& floor, const torch::Tensor& floor_mask,
                         const torch::Tensor& xy_target, double coord_weight, double huber_delta);
