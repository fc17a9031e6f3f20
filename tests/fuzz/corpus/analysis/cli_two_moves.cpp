// Two discarded moves in one function.
#include <torch/torch.h>

torch::Tensor prepare(torch::Tensor x) {
  x.to(torch::kCPU);
  x.cpu();
  return x;
}

int main() { return prepare(torch::ones({2})).dim() == 1 ? 0 : 1; }
