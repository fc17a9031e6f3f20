// A demo that names the GPU without asking. On its own it is a CUDA-only
// program by design; next to a program of the same project that falls back
// to the CPU, it is the one that breaks on a CPU-only machine.
#include <torch/torch.h>

int main() {
  torch::Device device(torch::kCUDA);
  torch::Tensor x = torch::ones({2, 2}, torch::device(device));
  return x.sum().item<float>() > 0 ? 0 : 1;
}
