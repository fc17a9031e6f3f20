// Cases for torch-mps-float64: Apple's MPS backend has no float64, so a
// Double tensor or module moved to a device that may be MPS throws on a Mac
// and nowhere else.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

// LibTorch 1.13 has no torch::mps::is_available(); at::hasMPS() says whether
// the build has MPS.
torch::Device pickDevice() {
  return at::hasMPS() ? torch::Device(torch::kMPS) : torch::Device(torch::kCPU);
}

void doubleTensorToMps() {
  torch::Device device = torch::kCPU;
  if (at::hasMPS())
    device = torch::Device("mps");
  auto x = torch::randn({2, 2}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  auto y = x.to(device); // expected-warning {{'x' is Double and may be placed on MPS by 'device'; MPS has no float64: convert to torch::kFloat first [torch-mps-float64]}}
  (void)y;
}

void doubleModelToMps() {
  torch::Device device(at::hasMPS() ? torch::kMPS : torch::kCPU);
  Net model;
  model->to(torch::kDouble); // expected-note {{'model' is converted to Double here}}
  model->to(device); // expected-warning {{module 'model' is Double and may be placed on MPS by 'device'; MPS has no float64: convert to torch::kFloat first [torch-mps-float64]}}
}

void convertAndMove() {
  auto x = torch::randn({2});
  auto y = x.to(torch::Device(torch::kMPS), torch::kFloat64); // expected-warning {{'x' is Double and may be placed on MPS by 'torch::kMPS'; MPS has no float64: convert to torch::kFloat first [torch-mps-float64]}} // expected-note {{'x' is converted to Double here}}
  (void)y;
}

struct Trainer {
  Trainer() : device_(at::hasMPS() ? torch::kMPS : torch::kCPU) {}
  void step() {
    auto batch = torch::rand({4}, torch::kFloat64); // expected-note {{'batch' is created as Double here ('torch::rand' with dtype Double)}}
    auto onDevice = batch.to(device_); // expected-warning {{'batch' is Double and may be placed on MPS by 'device_'; MPS has no float64: convert to torch::kFloat first [torch-mps-float64]}}
    (void)onDevice;
  }
  torch::Device device_;
};

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

void silent(torch::Device given) {
  auto d = torch::randn({2}, torch::kDouble);
  // Float on MPS is fine.
  auto a = torch::randn({2}).to(torch::kMPS);
  // Converted to Float on the way.
  auto b = d.to(torch::Device("mps"), torch::kFloat);
  // Double on the CPU (or CUDA) is fine.
  auto c = d.to(torch::kCPU);
  // A device the caller chose: nothing here says it may be MPS.
  auto e = d.to(given);
  (void)a, (void)b, (void)c, (void)e;
}
