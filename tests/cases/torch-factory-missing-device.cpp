// Cases for torch-factory-missing-device: code whose tensors follow an
// input's device creates a tensor with no device, and the two meet.
#include <torch/torch.h>

struct AttentionImpl : torch::nn::Module {
  AttentionImpl() { proj = register_module("proj", torch::nn::Linear(8, 8)); }

  torch::Tensor forward(torch::Tensor x) {
    auto mask = torch::ones({8}); // expected-warning {{'torch::ones' creates a tensor on the CPU, but it is used with 'h', which is on the device of input 'x' [torch-factory-missing-device]}}
    auto h = proj(x);
    return h * mask; // expected-note {{they meet in 'operator*' here}}
  }

  torch::Tensor positional(torch::Tensor tokens) {
    auto pos = torch::arange(0, 8, torch::kLong); // expected-warning {{'torch::arange' creates a tensor on the CPU, but it is used with 'tokens', which is on the device of input 'tokens' [torch-factory-missing-device]}}
    return tokens + pos; // expected-note {{they meet in 'operator+' here}}
  }

  torch::Tensor withOptions(torch::Tensor x) {
    auto noise = torch::randn({8}, torch::dtype(torch::kFloat)); // expected-warning {{'torch::randn' creates a tensor on the CPU, but it is used with 'x', which is on the device of input 'x' [torch-factory-missing-device]}}
    return torch::add(x, noise); // expected-note {{they meet in 'torch::add' here}}
  }

  torch::nn::Linear proj{nullptr};
};

// A helper whose input follows its callers' devices: reported because a
// caller below (runOnDevice) hands it a tensor on a run-time device.
torch::Tensor addBias(const torch::Tensor &input) {
  auto bias = torch::full({4}, 0.1); // expected-warning {{'torch::full' creates a tensor on the CPU, but it is used with 'input', which is on the device of input 'input' [torch-factory-missing-device]}}
  return input + bias; // expected-note {{they meet in 'operator+' here}}
}

// A helper reached through another that forwards its own parameter: the
// parameter's facts are the join over the call sites, followed up the call
// graph to runOnDevice, which passes a tensor on a run-time device.
torch::Tensor shiftByOne(const torch::Tensor &input) {
  auto one = torch::ones({4}); // expected-warning {{'torch::ones' creates a tensor on the CPU, but it is used with 'input', which is on the device of input 'input' [torch-factory-missing-device]}}
  return input + one; // expected-note {{they meet in 'operator+' here}}
}
torch::Tensor forwardsToShift(const torch::Tensor &x) { return shiftByOne(x); }

// A helper method that forward() hands its input to: the helper's input
// follows forward()'s up the call graph, onto the module's device.
struct EncoderImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return addPosition(x); }

  torch::Tensor addPosition(torch::Tensor h) {
    auto pos = torch::arange(0, 8); // expected-warning {{'torch::arange' creates a tensor on the CPU, but it is used with 'h', which is on the device of input 'h' [torch-factory-missing-device]}}
    return h + pos; // expected-note {{they meet in 'operator+' here}}
  }
};

// ---- Must stay silent ----------------------------------------------------

// The same chain whose only top caller passes CPU tensors: every caller in
// view forwards a CPU tensor, so the helper's CPU factory meets the CPU.
torch::Tensor shiftByTwo(const torch::Tensor &input) {
  auto two = torch::full({4}, 2.0);
  return input + two;
}
torch::Tensor forwardsToShiftByTwo(const torch::Tensor &x) {
  return shiftByTwo(x);
}
torch::Tensor cpuChain() { return forwardsToShiftByTwo(torch::zeros({4})); }

struct GoodImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    // Created where the input lives.
    auto a = torch::ones({8}, x.options());
    auto b = torch::zeros_like(x);
    auto c = x.new_full({8}, 2.0);
    auto d = torch::arange(0, 8, torch::device(x.device()).dtype(torch::kLong));
    auto e = torch::randn({8}, torch::TensorOptions().device(x.device()));
    // 0-dim scalars may join any device.
    auto s = torch::tensor(2.0);
    // A CPU tensor moved before it meets the input.
    auto f = torch::ones({8}).to(x.device());
    return x * a + b + c + d.to(torch::kFloat) + e + s + f;
  }
};

// A helper that every caller in view calls with CPU tensors: its CPU
// factory meets only CPU tensors.
torch::Tensor addOffset(const torch::Tensor &input) {
  auto offset = torch::full({4}, 1.0);
  return input + offset;
}
torch::Tensor cpuCaller() { return addOffset(torch::zeros({4})); }

// A helper with no caller in view: nothing says its input is ever on a
// device, so its CPU factory is not a finding.
torch::Tensor unusedHelper(const torch::Tensor &input) {
  auto offset = torch::full({4}, 1.0);
  return input + offset;
}

// A helper method of a module that only the module's own init() calls,
// with a CPU table it builds there (the sin-cos positional encoding of a
// masked autoencoder, copied into a buffer): the calls in view say its
// input is on the CPU, which outweighs the convention that a module's
// inputs are on its device.
struct PositionTableImpl : torch::nn::Module {
  PositionTableImpl() {
    table = register_buffer("table", torch::zeros({8}));
    init();
  }
  void init() { table.copy_(embed(torch::arange(0, 8).to(torch::kFloat))); }
  torch::Tensor embed(torch::Tensor positions) {
    auto omega = torch::arange(8).to(torch::kFloat);
    return positions * omega;
  }
  torch::Tensor forward(torch::Tensor x) { return x + table; }
  torch::Tensor table;
};

// A CPU factory that only meets other CPU tensors.
torch::Tensor statistics(const torch::Tensor &x) {
  auto counts = torch::zeros({10}, torch::kLong);
  auto histogram = counts + torch::ones({10}, torch::kLong);
  return x.mean() + histogram.sum().item<float>();
}

// ---- Templates and macros ------------------------------------------------

template <typename T> torch::Tensor scaled(const torch::Tensor &x, T factor) {
  auto w = torch::ones({4}); // expected-warning {{'torch::ones' creates a tensor on the CPU, but it is used with 'x', which is on the device of input 'x' [torch-factory-missing-device]}}
  return x * w * factor; // expected-note {{they meet in 'operator*' here}}
}
template torch::Tensor scaled(const torch::Tensor &, float);
template torch::Tensor scaled(const torch::Tensor &, double);

#define MAKE_MASK(n) torch::ones({n})
torch::Tensor masked(const torch::Tensor &x) {
  auto m = MAKE_MASK(4); // expected-warning {{'torch::ones' creates a tensor on the CPU, but it is used with 'x', which is on the device of input 'x' [torch-factory-missing-device]}}
  return x * m; // expected-note {{they meet in 'operator*' here}}
}

// The callers that put the helpers' inputs on a run-time device.
void runOnDevice(torch::Device device) {
  auto x = torch::randn({4}).to(device);
  addBias(x);
  scaled(x, 2.0f);
  scaled(x, 2.0);
  masked(x);
  forwardsToShift(x);
}

// The inputs concatenated into one tensor must share a device, which the
// result has: the CPU targets meet the device of both (NT-Xent's labels).
torch::Tensor contrastiveLoss(const torch::Tensor &z1, const torch::Tensor &z2) {
  const int64_t n = z1.size(0);
  auto z = torch::cat({z1, z2}, 0);
  auto sim = torch::matmul(z, z.t());
  auto targets = torch::cat({torch::arange(n, 2 * n), torch::arange(0, n)}); // expected-warning {{'torch::arange' creates a tensor on the CPU, but it is used with 'sim' (argument 'input'), which is on the device of input 'z1' [torch-factory-missing-device]}}
  return torch::nn::functional::cross_entropy(sim, targets); // expected-note {{they meet in 'torch::nn::functional::cross_entropy' here}}
}

torch::Tensor contrastiveOnDevice(torch::Device device) {
  return contrastiveLoss(torch::randn({4, 8}, device), torch::randn({4, 8}, device));
}
