// Cases for a plain struct that holds tensors beside plain values (numbers,
// strings, arrays of numbers, a device): the engine follows its tensor
// fields as it follows a struct of tensors only, and a write to a plain
// field (`policy.name = ...`) changes none of them.
#include <torch/torch.h>

#include <array>
#include <iostream>
#include <string>

struct Policy {
  std::string name;
  torch::Tensor thresholds;
  double temperature = 1.0;
  std::array<float, 5> raw{{0.5f, 0.4f, 0.6f, 0.7f, 0.5f}};
};

/// Its thresholds are created on the CPU.
Policy makePolicy() {
  Policy p;
  p.name = "default";
  p.temperature = 0.7;
  p.thresholds = torch::tensor({0.5f, 0.4f, 0.6f, 0.7f, 0.5f}); // expected-note {{'policy.thresholds' is created on the CPU here ('torch::tensor' with no device)}}
  return p;
}

/// Its thresholds are put on the device it is given.
Policy makePolicyOn(torch::Device device) {
  Policy p;
  p.name = "placed";
  p.thresholds = torch::from_blob(p.raw.data(), {5}).to(device);
  return p;
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto probs = torch::rand({8, 5}, device);

  Policy policy = makePolicy(); // expected-note {{'policy.thresholds' is returned by 'makePolicy' here, in its field 'thresholds'}}
  std::cout << policy.name << " " << probs.gt(policy.thresholds) << "\n"; // expected-warning {{'Tensor::gt' receives tensors on different devices: 'policy.thresholds' (argument 'other') is on the CPU but 'probs' is on 'device', chosen at run time at line 36 [torch-device-mismatch]}}

  // Must stay silent: the helper put the thresholds on the device.
  Policy placed = makePolicyOn(device);
  std::cout << probs.gt(placed.thresholds) << "\n";
  return 0;
}
