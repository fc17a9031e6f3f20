#include "losses.h"

namespace F = torch::nn::functional;

torch::Tensor next_attempt_logits(const torch::Tensor& logits, const torch::Tensor& next_skill) {
  return logits.gather(2, next_skill.unsqueeze(-1)).squeeze(-1);
}

torch::Tensor masked_bce(const torch::Tensor& logits, const torch::Tensor& target,
                         const torch::Tensor& mask) {
  return F::binary_cross_entropy_with_logits(logits.masked_select(mask), target.masked_select(mask));
}
