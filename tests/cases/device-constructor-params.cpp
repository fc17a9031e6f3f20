// Cases for a device given to a constructor: the object keeps it (a module
// loaded onto it, a weight moved there), so a tensor created on the CPU and
// handed to a member function meets that device inside it. On a GPU
// machine the call fails ("Expected all tensors to be on the same device");
// the finding is at the member function's site, with the caller's tensor in
// its notes. A virtual getter whose overriders disagree (kCPU here, a field
// there) is a device chosen at run time.
#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// A scripted model loaded onto the device the constructor is given.
struct Runner {
  Runner(const std::string &Path, torch::Device Device)
      : Module(torch::jit::load(Path, Device)) {} // expected-note {{'Module' is loaded onto 'Device' here}}
  torch::Tensor run(const torch::Tensor &X) {
    return Module.forward({X}).toTensor(); // expected-warning {{'Module' receives tensors on different devices: 'X' is on the CPU but the parameters of 'Module' are on 'Device' [torch-device-mismatch]}}
  }
  torch::jit::Module Module;
};

// A weight moved to the constructor's device.
struct Scaler {
  explicit Scaler(torch::Device Device) : W(torch::ones({3}).to(Device)) {} // expected-note {{'W' is moved to 'Device' here}}
  torch::Tensor apply(const torch::Tensor &X) { return X * W; } // expected-warning {{'operator*' receives tensors on different devices: 'X' is on the CPU but 'W' is on 'Device' [torch-device-mismatch]}}
  torch::Tensor W;
};

// Silent: the member function's own device parameter is its callers' to
// choose, and they may pass the CPU with CPU tensors.
struct Shifter {
  torch::Tensor shift(const torch::Tensor &X, torch::Device Device) {
    return X + torch::ones({3}).to(Device);
  }
};

// Silent: the weight follows the input, wherever it is.
struct Follower {
  explicit Follower(torch::Device Device) : W(torch::ones({3}).to(Device)) {}
  torch::Tensor apply(const torch::Tensor &X) { return X * W.to(X.device()); }
  torch::Tensor W;
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Device device() const = 0;
};
class CpuBackend : public Backend {
public:
  torch::Device device() const override { return torch::kCPU; }
};
class CudaBackend : public Backend {
public:
  explicit CudaBackend(torch::Device D) : Dev(D) {}
  torch::Device device() const override { return Dev; }

private:
  torch::Device Dev;
};

// The window is on the backend's device, chosen at run time; the canvas
// stays on the CPU.
torch::Tensor blend(const Backend &B) {
  auto Canvas = torch::zeros({3}); // expected-note {{'Canvas' is created on the CPU here ('torch::zeros' with no device)}}
  auto Window = torch::ones({3}).to(B.device()); // expected-note {{'Window' is moved to 'B.device()' here}}
  Canvas.add_(Window); // expected-warning {{'Tensor::add_' receives tensors on different devices: 'Canvas' is on the CPU but 'Window' (argument 'other') is on 'B.device()' [torch-device-mismatch]}}
  return Canvas;
}

// Silent: the canvas is made on the backend's device too.
torch::Tensor blendOnDevice(const Backend &B) {
  auto Canvas = torch::zeros({3}, torch::device(B.device()));
  auto Window = torch::ones({3}).to(B.device());
  Canvas.add_(Window);
  return Canvas;
}

int main(int Argc, char **Argv) {
  torch::Device D = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Runner R(Argc > 1 ? Argv[1] : "model.pt", D);
  R.run(torch::rand({3})); // expected-note {{'X' is created on the CPU here ('torch::rand' with no device)}} expected-note {{'X' is passed to 'run' here}}
  Scaler S(D);
  S.apply(torch::rand({3})); // expected-note {{'X' is created on the CPU here ('torch::rand' with no device)}} expected-note {{'X' is passed to 'apply' here}}
  Shifter().shift(torch::rand({3}), torch::kCPU);
  Follower(D).apply(torch::rand({3}));
  std::unique_ptr<Backend> B;
  if (torch::cuda::is_available())
    B = std::make_unique<CudaBackend>(D);
  else
    B = std::make_unique<CpuBackend>();
  return blend(*B).sum().item<float>() + blendOnDevice(*B).sum().item<float>() > 0;
}
