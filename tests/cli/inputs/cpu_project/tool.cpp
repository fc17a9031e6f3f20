// A command-line tool that never leaves the CPU: its checkpoints are its own
// CPU ones, and a load without a device is what it means.
#include <torch/torch.h>

#include <iostream>

int main(int Argc, char **Argv) {
  torch::nn::Linear Model(4, 2);
  if (Argc > 1)
    torch::load(Model, Argv[1]);
  std::cout << Model(torch::ones({1, 4})) << "\n";
  torch::save(Model, "model.pt");
  return 0;
}
