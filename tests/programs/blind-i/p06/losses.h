#pragma once

#include <torch/torch.h>

// The logit of the skill actually attempted next: [B, T, S] x [B, T] -> [B, T].
torch::Tensor next_attempt_logits(const torch::Tensor& logits, const torch::Tensor& next_skill);

// Binary cross-entropy over the real (unpadded) steps only.
torch::Tensor masked_bce(const torch::Tensor& logits, const torch::Tensor& target,
                         const torch::Tensor& mask);
