// A service that runs a TorchScript model loaded without a device, then a
// small C++ head of its own. On a GPU the error is raised inside the
// scripted model (the log's TorchScript traceback says so): the C++ Linear
// of the head never ran it; the load and the module's forward did.
#include <torch/script.h>
#include <torch/torch.h>

#include <vector>

torch::Tensor head(torch::nn::Linear &fc, const torch::Tensor &x) {
  return fc(x);
}

int main(int argc, char **argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::jit::script::Module model = torch::jit::load(argv[1]); //@bug load torch-load-without-device
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({1, 3}).to(device));
  auto features = model.forward(inputs).toTensor();
  torch::nn::Linear fc(3, 2);
  fc->to(device);
  auto y = head(fc, features.to(device));
  return y.size(0) == 1 ? 0 : argc;
}
