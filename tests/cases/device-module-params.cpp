// A module a function is given is wherever its callers put it, as a tensor
// parameter is: a tensor the function creates with no device meets it, and
// a caller that moved the module to a device makes that a crash on the
// first GPU (torch-factory-missing-device). A module handed to the user's
// own function that may move it (`setup(model, device)`) is no longer
// known to be where it was.
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// An evaluation helper fed a batch made on the CPU.
torch::Tensor evaluate(Net &net) {
  auto x = torch::rand({2, 4}); // expected-warning {{'torch::rand' creates a tensor on the CPU, but it is used with the parameters of 'net', which are on the device of input 'net' [torch-factory-missing-device]}}
  return net->forward(x); // expected-note {{they meet in 'net' here}}
}

// A TorchScript module handed to a warm-up helper.
void warmUp(torch::jit::Module &module) {
  auto x = torch::zeros({1, 4}); // expected-warning {{'torch::zeros' creates a tensor on the CPU, but it is used with the parameters of 'module', which are on the device of input 'module' [torch-factory-missing-device]}}
  module.forward({x}); // expected-note {{they meet in 'module' here}}
}

void serve(const std::string &path, torch::Device device) {
  Net net;
  net->to(device);
  evaluate(net);
  auto module = torch::jit::load(path, device);
  warmUp(module);
}

// Must stay silent: every caller keeps the module on the CPU.
torch::Tensor cpuOnlyHelper(Net &net) {
  auto x = torch::rand({2, 4});
  return net->forward(x);
}

void cpuCaller() {
  Net net;
  cpuOnlyHelper(net);
}

// Must stay silent: the helper moves its input to the module's device.
torch::Tensor movesInput(Net &net, torch::Device device) {
  auto x = torch::rand({2, 4}).to(device);
  return net->forward(x);
}

void movesCaller(torch::Device device) {
  Net net;
  net->to(device);
  movesInput(net, device);
}

// Must stay silent: setup() moves the model to the device the input is
// moved to, so after it the model is no longer known to be on the CPU.
void setup(Net &net, torch::Device device) { net->to(device); }

void setupCaller(torch::Device device) {
  Net net;
  setup(net, device);
  auto x = torch::rand({2, 4}).to(device);
  net->forward(x);
}

// Must stay silent: no caller in view, nothing says where the module is.
torch::Tensor noCaller(Net &net) {
  auto x = torch::rand({2, 4});
  return net->forward(x);
}

// Templates: the helper instantiated with a holder moved to a device.
template <typename Model> torch::Tensor evaluateAny(Model &model) {
  auto x = torch::ones({2, 4}); // expected-warning {{'torch::ones' creates a tensor on the CPU, but it is used with the parameters of 'model', which are on the device of input 'model' [torch-factory-missing-device]}}
  return model->forward(x); // expected-note {{they meet in 'model' here}}
}

void templateCaller(torch::Device device) {
  Net net;
  net->to(device);
  evaluateAny(net);
}
