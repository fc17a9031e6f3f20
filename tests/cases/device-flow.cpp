// Flow cases for the device-provenance analysis behind torch-device-mismatch:
// loops, reassignment, early exits, switches, exceptions, optimizers and
// containers. Positives first, then what must stay silent and why.
#include <torch/torch.h>

#include <stdexcept>
#include <vector>

// A loop that moves a tensor only on later iterations: the first iteration
// meets a CPU tensor (found through the loop's fixpoint).
torch::Tensor accumulate(torch::Device device, int Steps) {
  auto total = torch::zeros({4}); // expected-note {{'total' is created on the CPU here ('torch::zeros' with no device)}}
  for (int I = 0; I < Steps; ++I) {
    auto step = torch::randn({4}).to(device); // expected-note {{'step' is moved to 'device' here}}
    total = total + step; // expected-warning {{'operator+' receives tensors on different devices: 'total' is on the CPU but 'step' is on 'device' [torch-device-mismatch]}}
  }
  return total;
}

// Reassignment moves: the last assignment before the use decides.
void reassigned(torch::Device device) {
  auto x = torch::randn({3}).to(device);
  x = torch::ones({3}); // expected-note {{'x' is created on the CPU here ('torch::ones' with no device)}}
  auto y = torch::randn({3}).to(device); // expected-note {{'y' is moved to 'device' here}}
  auto z = x * y; // expected-warning {{'operator*' receives tensors on different devices: 'x' is on the CPU but 'y' is on 'device' [torch-device-mismatch]}}
  (void)z;
}

// A tensor method taking another tensor checks both.
void methodArgument(torch::Device device) {
  auto a = torch::randn({3, 3}).to(device); // expected-note {{'a' is moved to 'device' here}}
  auto b = torch::eye(3); // expected-note {{'b' is created on the CPU here ('torch::eye' with no device)}}
  auto c = a.matmul(b); // expected-warning {{'Tensor::matmul' receives tensors on different devices: 'b' (argument 'other') is on the CPU but 'a' is on 'device' [torch-device-mismatch]}}
  (void)c;
}

// Compound assignment is an operation too.
void compound(torch::Device device) {
  auto acc = torch::zeros({2}).to(device); // expected-note {{'acc' is moved to 'device' here}}
  auto delta = torch::ones({2}); // expected-note {{'delta' is created on the CPU here ('torch::ones' with no device)}}
  acc += delta; // expected-warning {{'operator+=' receives tensors on different devices: 'delta' is on the CPU but 'acc' is on 'device' [torch-device-mismatch]}}
}

// torch::stack over a braced list checks every element.
void stacked(torch::Device device) {
  auto a = torch::randn({2}).to(device); // expected-note {{'a' is moved to 'device' here}}
  auto b = torch::randn({2}); // expected-note {{'b' is created on the CPU here ('torch::randn' with no device)}}
  auto s = torch::stack({a, b}); // expected-warning {{'torch::stack' receives tensors on different devices: 'b' (argument 'tensors') is on the CPU but 'a' (argument 'tensors') is on 'device' [torch-device-mismatch]}}
  (void)s;
}

// ---- Must stay silent ----------------------------------------------------

// Moved in every iteration before it is used.
void loopMovesFirst(torch::Device device, std::vector<torch::Tensor> &Batches) {
  auto total = torch::zeros({4}).to(device);
  for (auto &B : Batches) {
    auto moved = B.to(device);
    total = total + moved;
  }
}

// An early return leaves the CPU path before the meeting.
void earlyReturn(torch::Device device, bool Skip) {
  auto x = torch::randn({3});
  if (Skip)
    return;
  x = x.to(device);
  auto y = torch::randn({3}).to(device);
  auto z = x + y;
  (void)z;
}

// Thrown before the meeting.
void thrown(torch::Device device, bool Bad) {
  auto x = torch::randn({3});
  if (Bad)
    throw std::runtime_error("bad input");
  x = x.to(device);
  auto z = x * torch::randn({3}).to(device);
  (void)z;
}

// Every case of the switch moves the tensor.
void everyCaseMoves(torch::Device device, int Kind) {
  auto x = torch::randn({3});
  switch (Kind) {
  case 0:
    x = x.to(device);
    break;
  default:
    x = torch::zeros({3}, torch::device(device));
    break;
  }
  auto y = x + torch::ones({3}).to(device);
  (void)y;
}

// Optimizers and their steps are not tensor operations.
void optimizerSteps(torch::Device device) {
  torch::nn::Linear model(3, 1);
  model->to(device);
  torch::optim::SGD opt(model->parameters(), 0.01);
  opt.zero_grad();
  auto loss = model(torch::randn({2, 3}).to(device)).sum();
  loss.backward();
  opt.step();
}

// Tensors in containers have unknown devices: no guessing.
void containers(torch::Device device, std::vector<torch::Tensor> &Pool) {
  auto cpu = torch::ones({3});
  Pool.push_back(cpu);
  auto x = Pool.back().to(device);
  auto y = Pool.front() + cpu;
  (void)x, (void)y;
}

// Computing on the CPU on purpose: both sides copied there.
void metricsOnCpu(torch::Device device) {
  auto out = torch::randn({4, 3}).to(device);
  auto target = torch::tensor({0, 1, 2, 0});
  auto correct = out.argmax(1).cpu().eq(target).sum().item<int64_t>();
  auto mean = out.mean().cpu(); // 0-dim: a CPU scalar.
  auto centred = out - mean;
  (void)correct, (void)centred;
}

// A device chosen from a flag is still one device.
void sameChoiceTwice(bool UseGpu) {
  torch::Device device(UseGpu ? torch::kCUDA : torch::kCPU);
  auto a = torch::randn({3}).to(device);
  auto b = torch::randn({3}).to(device);
  auto c = a + b;
  (void)c;
}
