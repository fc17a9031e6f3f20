// Cases for the rows of the LibTorch API model (src/api/TorchApi.def) that
// decide what a call does to devices: random functions that follow their
// tensor inputs, index arguments that may stay on the CPU, moves to another
// tensor's device, and devices built explicitly as the CPU.
#include <torch/torch.h>

// torch::bernoulli(p) computes where p lives; a CPU tensor next to it is the
// bug, not the call.
torch::Tensor dropoutMask(torch::Device device) {
  auto p = torch::full({8}, 0.5).to(device); // expected-note {{'p' is moved to 'device' here}}
  auto mask = torch::bernoulli(p);
  auto noise = torch::randn({8}); // expected-note {{'noise' is created on the CPU here ('torch::randn' with no device)}}
  return mask * noise; // expected-warning {{'operator*' receives tensors on different devices: 'noise' is on the CPU but 'mask' is on 'device' [torch-device-mismatch]}}
}

// at::normal(mean, std) follows mean and std.
torch::Tensor sample(torch::Device device) {
  auto mean = torch::zeros({8}, torch::device(device));
  auto std = torch::ones({8}); // expected-note {{'std' is created on the CPU here ('torch::ones' with no device)}}
  return at::normal(mean, std); // expected-warning {{'at::normal' receives tensors on different devices: 'std' is on the CPU but 'mean' is on 'device' [torch-device-mismatch]}}
}

// torch::index_add: the index may be a CPU tensor, the source may not.
torch::Tensor scatter(torch::Device device) {
  auto a = torch::zeros({4, 3}).to(device); // expected-note {{'a' is moved to 'device' here}}
  auto idx = torch::tensor({0, 2}, torch::kLong);
  auto src = torch::ones({2, 3}); // expected-note {{'src' is created on the CPU here ('torch::ones' with no device)}}
  return torch::index_add(a, 0, idx, src); // expected-warning {{'torch::index_add' receives tensors on different devices: 'src' (argument 'source') is on the CPU but 'a' is on 'device' [torch-device-mismatch]}}
}

// x.type_as(y) is x.to(y.options()): it lands on y's device.
torch::Tensor typeAs(torch::Device device) {
  auto y = torch::ones({4}).to(device); // expected-note {{'y' is moved to 'device' here}}
  auto x = torch::zeros({4}).type_as(y); // expected-note {{'x' is moved to 'device' here}}
  auto cpu = torch::arange(4); // expected-note {{'cpu' is created on the CPU here ('torch::arange' with no device)}}
  return x + cpu; // expected-warning {{'operator+' receives tensors on different devices: 'cpu' is on the CPU but 'x' is on 'device' [torch-device-mismatch]}}
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

// torch::normal(0, 1, sizes) and torch::bernoulli without tensors are CPU
// factories; here everything stays on the CPU.
torch::Tensor cpuNoise() {
  auto n = torch::normal(0.0, 1.0, {8});
  return n + torch::rand({8});
}

// torch::complex(re, im) and torch::polar(abs, angle) follow their inputs:
// both on the device, the result is there too.
torch::Tensor complexOnDevice(torch::Device device) {
  auto re = torch::randn({4}).to(device);
  auto im = torch::randn({4}).to(device);
  auto z = torch::complex(re, im);
  auto w = torch::polar(torch::abs(re), torch::angle(z));
  return z * w;
}

// A CPU index into a device tensor is accepted by LibTorch.
torch::Tensor pick(torch::Device device) {
  auto table = torch::randn({10, 4}).to(device);
  auto idx = torch::tensor({1, 3}, torch::kLong);
  auto a = torch::index_select(table, 0, idx);
  auto b = table.index_select(0, idx);
  return a + b;
}

// A device variable built explicitly as the CPU is the CPU, not a run-time
// choice, whether const or not.
torch::Tensor explicitCpu() {
  torch::Device cpu(torch::kCPU);
  auto x = torch::randn({4}).to(cpu);
  auto y = torch::zeros({4});
  torch::Device also_cpu = torch::Device("cpu");
  return x + y + torch::ones({4}).to(also_cpu);
}

// A device variable that starts as the CPU and may change is a run-time
// choice: the CPU factory next to it is reported.
torch::Tensor changedDevice() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  auto x = torch::randn({4}).to(device); // expected-note {{'x' is moved to 'device' here}}
  auto y = torch::zeros({4}); // expected-note {{'y' is created on the CPU here ('torch::zeros' with no device)}}
  return x + y; // expected-warning {{'operator+' receives tensors on different devices: 'y' is on the CPU but 'x' is on 'device', chosen at run time at line 82 [torch-device-mismatch]}}
}

// torch::save takes tensors from any device.
void saveBoth(torch::Device device) {
  auto a = torch::ones({2}).to(device);
  auto b = torch::ones({2});
  torch::save({a, b}, "both.pt");
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  dropoutMask(device);
  sample(device);
  scatter(device);
  typeAs(device);
  cpuNoise();
  complexOnDevice(device);
  pick(device);
  explicitCpu();
  changedDevice();
  saveBoth(device);
}
