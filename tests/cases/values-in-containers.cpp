// Cases for tensors that travel inside other values: lambdas and function
// objects that build them, tuples and vectors that carry them, and option
// objects that hand a weight to a loss.
#include <torch/torch.h>

#include <functional>
#include <tuple>
#include <vector>

namespace F = torch::nn::functional;

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// A lambda called inline builds the targets on the CPU.
void lambdaTargets(torch::Device device) {
  Net model;
  model->to(device); // expected-note {{'model' is moved to 'device' here}}
  auto make_targets = [](int64_t n) { return torch::zeros({n}, torch::kLong); }; // expected-note {{'make_targets(8)' is created on the CPU here ('torch::zeros' with no device)}}
  auto out = model(torch::randn({8, 8}).to(device)); // expected-note {{'out' is computed by 'model' here}}
  auto loss = F::cross_entropy(out, make_targets(8)); // expected-warning {{'F::cross_entropy' receives tensors on different devices: 'make_targets(8)' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}} expected-note {{'make_targets(8)' is returned by 'make_targets' here}}
  (void)loss;
}

// The same through std::function.
void functionTargets(torch::Device device) {
  std::function<torch::Tensor(int64_t)> make = [](int64_t n) {
    return torch::ones({n}, torch::kLong); // expected-note {{'make(4)' is created on the CPU here ('torch::ones' with no device)}}
  };
  auto out = torch::randn({4, 2}).to(device); // expected-note {{'out' is moved to 'device' here}}
  auto loss = F::nll_loss(out, make(4)); // expected-warning {{'F::nll_loss' receives tensors on different devices: 'make(4)' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}} expected-note {{'make(4)' is returned by 'make' here}}
  (void)loss;
}

// A vector of CPU tensors filled in a loop and stacked meets device output.
torch::Tensor stacked(torch::Device device) {
  std::vector<torch::Tensor> rows;
  for (int i = 0; i < 4; ++i)
    rows.push_back(torch::full({3}, i)); // expected-note {{'batch' is created on the CPU here ('torch::full' with no device)}}
  auto batch = torch::stack(rows);
  auto w = torch::randn({4, 3}).to(device); // expected-note {{'w' is moved to 'device' here}}
  return w * batch; // expected-warning {{'operator*' receives tensors on different devices: 'batch' is on the CPU but 'w' is on 'device' [torch-device-mismatch]}}
}

// The LSTM's state as a tuple built on the CPU.
torch::Tensor lstmState(torch::Device device) {
  torch::nn::LSTM lstm(torch::nn::LSTMOptions(8, 16));
  lstm->to(device); // expected-note {{'lstm' is moved to 'device' here}}
  auto h0 = torch::zeros({1, 2, 16}); // expected-note {{'h0' is created on the CPU here ('torch::zeros' with no device)}}
  auto c0 = torch::zeros({1, 2, 16});
  auto state = std::make_tuple(h0, c0);
  auto x = torch::randn({5, 2, 8}).to(device);
  auto out = lstm->forward(x, state); // expected-warning {{'lstm' receives tensors on different devices: 'state' (argument 'hx_opt') is on the CPU but the parameters of 'lstm' are on 'device' [torch-device-mismatch]}}
  return std::get<0>(out);
}

// Pieces of a tensor are where it is: qkv(x).chunk(3, -1)[0].
torch::Tensor attention(torch::Device device) {
  auto qkv = torch::randn({2, 24}).to(device); // expected-note {{'qkv' is moved to 'device' here}}
  auto q = qkv.chunk(3, -1)[0];
  auto mask = torch::ones({2, 8}); // expected-note {{'mask' is created on the CPU here ('torch::ones' with no device)}}
  return q * mask; // expected-warning {{'operator*' receives tensors on different devices: 'mask' is on the CPU but 'q' is on 'device' [torch-device-mismatch]}}
}

// A functional loss's class weights left on the CPU.
torch::Tensor weightedLoss(torch::Device device) {
  auto weight = torch::tensor({1.0, 2.0}); // expected-note {{'weight' is created on the CPU here ('torch::tensor' with no device)}}
  auto out = torch::randn({4, 2}).to(device); // expected-note {{'out' is moved to 'device' here}}
  auto target = torch::tensor({0, 1, 1, 0}, torch::kLong).to(device);
  return F::cross_entropy(out, target, // expected-warning {{'F::cross_entropy' receives tensors on different devices: 'weight' is on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}}
                          F::CrossEntropyFuncOptions().weight(weight));
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

// A loss module built with a weight already on the device holds that very
// tensor: it is on the device without ->to().
torch::Tensor weightOnDevice(torch::Device device) {
  auto weight = torch::tensor({1.0, 2.0}).to(device);
  torch::nn::CrossEntropyLoss loss_fn(
      torch::nn::CrossEntropyLossOptions().weight(weight));
  auto out = torch::randn({4, 2}).to(device);
  auto target = torch::tensor({0, 1, 1, 0}, torch::kLong).to(device);
  return loss_fn(out, target);
}

// A tuple of a CPU and a device tensor says nothing about either element.
torch::Tensor mixedTuple(torch::Device device) {
  auto cpu = torch::zeros({2});
  auto gpu = torch::ones({2}).to(device);
  auto pair = std::make_pair(cpu, gpu);
  return std::get<1>(pair) * torch::ones({2}).to(device);
}

// Elements moved before they are pushed: the stack is on the device.
torch::Tensor stackedOnDevice(torch::Device device) {
  std::vector<torch::Tensor> rows;
  for (int i = 0; i < 4; ++i)
    rows.push_back(torch::full({3}, i).to(device));
  auto w = torch::randn({4, 3}).to(device);
  return w * torch::stack(rows);
}

// A lambda that follows its argument: its result is where the input is.
torch::Tensor lambdaFollows(torch::Device device) {
  auto scale = [](const torch::Tensor &t) { return t * 2; };
  auto x = torch::randn({3}).to(device);
  return scale(x) + x;
}

// Everything on the CPU: nothing to say.
torch::Tensor cpuOnly() {
  auto make = [](int64_t n) { return torch::zeros({n}); };
  std::vector<torch::Tensor> parts{make(2), make(2)};
  return torch::cat(parts) + torch::ones({4});
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  lambdaTargets(device);
  functionTargets(device);
  stacked(device);
  lstmState(device);
  attention(device);
  weightedLoss(device);
  weightOnDevice(device);
  mixedTuple(device);
  stackedOnDevice(device);
  lambdaFollows(device);
  cpuOnly();
}

// A range-based for hands out the container's elements: they are where the
// container's tensors all are.
torch::Tensor rangeFor(torch::Device device) {
  std::vector<torch::Tensor> batch{torch::randn({2}), torch::randn({2})}; // expected-note {{'batch' is created on the CPU here ('torch::randn' with no device)}}
  auto total = torch::zeros({2}, device);
  for (const auto &t : batch)
    total = total + t; // expected-warning {{'operator+' receives tensors on different devices: 't' is on the CPU but 'total' is on 'device' [torch-device-mismatch]}}
  return total;
}

// Rebinding the loop variable makes it unknown: silent.
torch::Tensor rangeForRebound(torch::Device device) {
  std::vector<torch::Tensor> batch{torch::randn({2}), torch::randn({2})};
  auto total = torch::zeros({2}, device);
  for (auto t : batch) {
    t = t.to(device);
    total = total + t;
  }
  return total;
}
