// Another program of the same repository that never leaves the CPU: it
// reads its own CPU checkpoints, whatever the trainer does.
#include <torch/torch.h>

#include <iostream>

int main() {
  torch::nn::Linear Model(4, 2);
  torch::save(Model, "viewer.pt");
  torch::nn::Linear Again(4, 2);
  torch::load(Again, "viewer.pt");
  std::cout << Again->weight.sizes() << "\n";
  return 0;
}
