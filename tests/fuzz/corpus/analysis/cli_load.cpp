// A checkpoint loaded without a device, and a hard-coded CUDA device.
#include <torch/script.h>
#include <torch/torch.h>

int main() {
  torch::jit::script::Module m = torch::jit::load("model.pt");
  auto x = torch::ones({2}).to(torch::kCUDA);
  return x.dim() == 1 ? 0 : 1;
}
