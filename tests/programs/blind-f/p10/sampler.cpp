#include "sampler.h"

torch::Tensor NegativeSampler::corrupt(const torch::Tensor& positives, int64_t k) const {
  auto pos = positives.repeat({k, 1});
  const int64_t n = pos.size(0);
  auto heads = pos.select(1, 0), rels = pos.select(1, 1), tails = pos.select(1, 2);
  auto p = head_prob_.index_select(0, rels);                     // [n] Float
  auto replace_head = torch::rand({n}) < p;                      // [n] Bool
  auto random_ent = torch::randint(0, num_entities_, {n}, torch::kLong);
  auto new_heads = torch::where(replace_head, random_ent, heads);
  auto new_tails = torch::where(replace_head, tails, random_ent);
  return torch::stack({new_heads, rels, new_tails}, 1);
}
