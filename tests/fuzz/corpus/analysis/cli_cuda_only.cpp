// A program that needs CUDA by design: it names the GPU without asking.
#include <torch/torch.h>

int main() {
  auto x = torch::ones({2}).to(torch::kCUDA);
  torch::cuda::synchronize();
  return x.sum().item<float>() > 0 ? 0 : 1;
}
