#include "batch.h"

// Right for embeddings and ids on one device.
torch::Tensor pair_loss(const torch::Tensor &emb, const torch::Tensor &ids) {
  auto dist = torch::cdist(emb, emb);
  auto same = ids.unsqueeze(0).eq(ids.unsqueeze(1)).to(torch::kFloat);
  return (dist * same).mean();
}
