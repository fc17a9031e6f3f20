#include "losses.h"

namespace F = torch::nn::functional;

torch::Tensor policy_loss(const torch::Tensor& logits, const torch::Tensor& moves) {
  return F::cross_entropy(logits, moves, F::CrossEntropyFuncOptions().label_smoothing(0.05));  //@bug P06B torch-loss-target-dtype|torch-dtype-mismatch
}

torch::Tensor value_loss(const torch::Tensor& value, const torch::Tensor& result) {
  return F::mse_loss(value, result);
}

void accumulate_accuracy(const torch::Tensor& logits, const torch::Tensor& moves, MoveAccuracy& acc) {
  auto top3 = std::get<1>(logits.topk(3, 1));                // [B, 3] Long
  auto target = moves.to(top3.device()).to(torch::kLong).unsqueeze(1);
  auto hit = top3.eq(target);
  acc.top1 += hit.select(1, 0).sum().item<int64_t>();
  acc.top3 += hit.any(1).sum().item<int64_t>();
  acc.count += logits.size(0);
}
