// A module whose tensor member is never registered stays on the CPU when the
// module moves; a checkpoint loaded without a device comes back where it was
// saved.
#include <torch/script.h>
#include <torch/torch.h>

struct ScaleImpl : torch::nn::Module {
  ScaleImpl() {
    Weight = register_parameter("weight", torch::ones({3}));
    Offset = torch::zeros({3});  // expected-note {{'Offset' is created here}}
  }
  torch::Tensor forward(torch::Tensor X) { return X * Weight + Offset; }

  torch::Tensor Weight;
  torch::Tensor Offset;  // expected-warning {{tensor member 'Offset' of module 'ScaleImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
};
TORCH_MODULE(Scale);

struct RegisteredImpl : torch::nn::Module {
  // Not a finding: the buffer is registered, so Module::to moves it.
  RegisteredImpl() { Mask = register_buffer("mask", torch::ones({3})); }
  torch::Tensor forward(torch::Tensor X) { return X * Mask; }

  torch::Tensor Mask;
};
TORCH_MODULE(Registered);

int main(int Argc, char **Argv) {
  // expected-note@+1 {{load onto the device chosen here, 'Device'}}
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Scale Model;
  Model->to(Device);
  Registered Other;
  Other->to(Device);
  if (Argc > 1) {
    // expected-warning@+1 {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
    torch::jit::script::Module Traced = torch::jit::load(Argv[1]);
    Traced.eval(); // Not moved right after loading: still reported.
    Traced.to(Device);
  }
  auto X = torch::rand({2, 3}).to(Device);
  return (Model->forward(X) + Other->forward(X)).numel() > 0 ? 0 : 1;
}
