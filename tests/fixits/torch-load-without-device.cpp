#include <torch/script.h>
#include <torch/torch.h>

#include <string>

void restore(torch::nn::Linear &Model, const std::string &Path,
             torch::Device device) {
  torch::load(Model, Path);
}

int main(int Argc, char **Argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto Scripted = torch::jit::load(Argv[1]);
  torch::nn::Linear Model(2, 2);
  restore(Model, Argv[2], device);
  Scripted.to(device);
  return Argc;
}
