// A service that runs a TorchScript model saved on a GPU. It picks its
// device at run time but loads the archive without one: on a machine
// without CUDA the load throws "Attempting to deserialize object on a CUDA
// device but torch.cuda.is_available() is False" before anything runs.
#include <torch/script.h>
#include <torch/torch.h>

#include <vector>

int main(int argc, char **argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::jit::script::Module model = torch::jit::load(argv[1]); //@bug load torch-load-without-device
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({1, 3}).to(device));
  auto out = model.forward(inputs).toTensor();
  return out.size(0) == 1 ? 0 : argc;
}
