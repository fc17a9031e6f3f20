// A virtual method called on an object whose class is known (a backend
// held by value, not through its base) runs that class's method: a tensor
// created on the CPU that it feeds to the module it loaded onto a device is
// the crash of the first GPU run (torch-device-mismatch), reported at the
// call, as for a call through the base (device-virtual-calls.cpp).
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Tensor run(const torch::Tensor &x) = 0;
};

class ScriptBackend : public Backend {
public:
  ScriptBackend(const std::string &path, torch::Device device)
      : module_(torch::jit::load(path, device)) {} // expected-note {{'module_' is loaded onto 'device' here}}
  torch::Tensor run(const torch::Tensor &x) override {
    std::vector<torch::jit::IValue> inputs{x};
    return module_.forward(inputs).toTensor();
  }

private:
  torch::jit::script::Module module_;
};

torch::Tensor preprocess(const std::vector<float> &pixels) {
  return torch::tensor(pixels).view({1, 3, 4, 4}); // expected-note {{'preprocess(pixels)' is created on the CPU here ('torch::tensor' with no device)}}
}

int main(int argc, char **argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  ScriptBackend backend(argv[1], device);
  std::vector<float> pixels(48, 0.5f);
  auto out = backend.run(preprocess(pixels)); // expected-warning {{'module_' in 'ScriptBackend::run' receives tensors on different devices: 'preprocess(pixels)' (argument 'x') is on the CPU but the parameters of 'module_' are on 'device' [torch-device-mismatch]}} expected-note {{'preprocess(pixels)' is returned by 'preprocess' here}} expected-note {{'preprocess(pixels)' is passed to 'run' as 'x' here; there 'ScriptBackend::run' meets it with 'module_' at line 24}}
  // Must stay silent: the input is moved to the backend's device first.
  auto moved = backend.run(torch::rand({1, 3, 4, 4}).to(device));
  // Must stay silent: a backend kept on the CPU takes CPU tensors.
  ScriptBackend cpu(argv[1], torch::kCPU);
  auto local = cpu.run(torch::ones({1, 3, 4, 4}));
  return out.numel() + moved.numel() + local.numel() > 0 ? 0 : 1;
}
