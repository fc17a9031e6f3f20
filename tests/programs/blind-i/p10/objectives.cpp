#include "objectives.h"

#include <vector>

namespace F = torch::nn::functional;

torch::Tensor floor_mask_rows(const std::map<int64_t, torch::Tensor>& masks,
                              const torch::Tensor& building) {
  auto b = building.accessor<int64_t, 1>();
  std::vector<torch::Tensor> rows;
  rows.reserve(static_cast<size_t>(b.size(0)));
  for (int64_t i = 0; i < b.size(0); ++i) rows.push_back(masks.at(b[i]));
  return torch::stack(rows);  //@bug P10B torch-device-mismatch
}

LossParts multitask_loss(const LocOutput& out, const torch::Tensor& building,
                         const torch::Tensor& floor, const torch::Tensor& floor_mask,
                         const torch::Tensor& xy_target, double coord_weight, double huber_delta) {
  auto l_building = F::cross_entropy(out.building_logits, building);
  auto l_floor = F::cross_entropy(out.floor_logits + floor_mask, floor);  //@bug P10B torch-device-mismatch
  auto l_xy = F::huber_loss(out.xy, xy_target, F::HuberLossFuncOptions().delta(huber_delta));  //@bug P10A torch-loss-target-dtype|torch-dtype-mismatch
  LossParts parts;
  parts.total = l_building + l_floor + coord_weight * l_xy;
  parts.building = l_building.item<double>();
  parts.floor = l_floor.item<double>();
  parts.xy = l_xy.item<double>();
  return parts;
}
