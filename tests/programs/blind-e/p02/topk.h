#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

using Ranked = std::vector<std::pair<std::string, float>>;

// logits [N, C] on any device -> the k most likely SKUs per image.
std::vector<Ranked> top_k(const torch::Tensor& logits,
                          const std::vector<std::string>& skus, int64_t k);
