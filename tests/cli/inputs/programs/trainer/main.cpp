// A training program: it runs on the GPU when there is one and saves its
// checkpoints from there.
#include <torch/torch.h>

auto main() -> int {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear Model(4, 2);
  Model->to(device);
  torch::save(Model, "trainer.pt");
  return 0;
}
