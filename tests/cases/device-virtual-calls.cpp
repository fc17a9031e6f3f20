// Cases for virtual calls: a backend interface whose overriders run a
// module on their own device. A tensor created on the CPU and handed to the
// virtual method fails inside the CUDA overrider on a GPU machine
// ("Expected all tensors to be on the same device"); the call is where it
// must be moved (torch-device-mismatch).
#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Tensor run(const torch::Tensor &X) = 0;
};

// Runs a module that stays on the CPU: CPU input is right here.
class CpuBackend : public Backend {
public:
  torch::Tensor run(const torch::Tensor &X) override { return Net(X); }

private:
  torch::nn::Linear Net{4, 2};
};

// Runs a scripted module loaded onto the GPU.
class CudaBackend : public Backend {
public:
  explicit CudaBackend(const std::string &Path)
      : Module(torch::jit::load(Path, torch::Device(torch::kCUDA, 0))) {} // expected-note {{'Module' is loaded onto cuda:0 here}}
  torch::Tensor run(const torch::Tensor &X) override {
    std::vector<torch::jit::IValue> Inputs{X};
    return Module.forward(Inputs).toTensor();
  }

private:
  torch::jit::Module Module;
};

std::unique_ptr<Backend> openBackend(const std::string &Path) {
  if (torch::cuda::is_available())
    return std::make_unique<CudaBackend>(Path);
  return std::make_unique<CpuBackend>();
}

// Bug: the input stays on the CPU whichever backend runs it.
torch::Tensor infer(Backend &B) {
  auto X = torch::rand({1, 4}); // expected-note {{'X' is created on the CPU here ('torch::rand' with no device)}}
  return B.run(X); // expected-warning {{'Module' in 'CudaBackend::run' receives tensors on different devices: 'X' is on the CPU but the parameters of 'Module' are on cuda:0 [torch-device-mismatch]}} expected-note {{'X' is passed to 'run' as 'X' here; when 'B' is a 'CudaBackend', 'CudaBackend::run' meets it with 'Module' at line 35}}
}

// The caller's own input: wherever its callers put it.
torch::Tensor inferInput(Backend &B, const torch::Tensor &X) { return B.run(X); }

// A call on a CpuBackend runs that overrider only.
torch::Tensor inferCpu(CpuBackend &B) { return B.run(torch::rand({1, 4})); }

// Moved to the device the caller names: not a CPU tensor here.
torch::Tensor inferMoved(Backend &B, torch::Device Device) {
  return B.run(torch::rand({1, 4}).to(Device));
}

int main(int Argc, char **Argv) {
  auto B = openBackend(Argc > 1 ? Argv[1] : "model.pt");
  auto Y = infer(*B);
  return Y.sum().item<float>() > 0;
}
