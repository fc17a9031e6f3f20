// Cases for modules cloned from another: a clone's parameters are where its
// source's were when it was cloned, or on the device clone() names.
#include <torch/torch.h>

#include <memory>

struct NetImpl : torch::nn::Cloneable<NetImpl> {
  NetImpl() { reset(); }
  void reset() override { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// The DQN target network cloned before the online network is moved: it
// stays on the CPU.
void cloneBeforeMove(torch::Device device) {
  Net online; // expected-note {{'online' is created on the CPU here (modules are born on the CPU)}}
  Net target = Net(std::dynamic_pointer_cast<NetImpl>(online->clone())); // expected-note {{'target' is cloned from 'online' here, with its parameters}}
  online->to(device);
  auto x = torch::zeros({4}, device);
  online->forward(x);
  target->forward(x); // expected-warning {{'target' receives tensors on different devices: the parameters of 'target' are on the CPU but 'x' is on 'device' [torch-device-mismatch]}}
}

// Must stay silent: cloned after the move, the copy is on the device too.
void cloneAfterMove(torch::Device device) {
  Net online;
  online->to(device);
  Net target = Net(std::dynamic_pointer_cast<NetImpl>(online->clone()));
  auto x = torch::zeros({4}, device);
  target->forward(x);
}

// Must stay silent: clone(device) puts the copy on the device it names.
void cloneToDevice(torch::Device device) {
  Net online;
  Net target = Net(std::dynamic_pointer_cast<NetImpl>(online->clone(device)));
  online->to(device);
  auto x = torch::zeros({4}, device);
  target->forward(x);
}

int main() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  cloneBeforeMove(device);
  cloneAfterMove(device);
  cloneToDevice(device);
  return 0;
}
