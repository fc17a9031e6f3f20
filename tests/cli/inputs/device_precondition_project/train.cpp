#include "batch.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::nn::Linear fc(4, 8);
  fc->to(device);
  Batch b = make_batch(8, device);
  auto emb = fc(b.images);
  auto loss = pair_loss(emb, b.ids);
  auto moved = pair_loss(emb, b.ids.to(device));
  return (loss + moved).item<float>() > 0;
}
