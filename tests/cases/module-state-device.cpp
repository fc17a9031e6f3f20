// Cases for a module's registered parameters and buffers read in its own
// methods: they move with the module (Module::to replaces their storage in
// place), so they are on the module's device, as its inputs are by the same
// convention, and a tensor created on the CPU that meets them crashes on a
// GPU. A buffer is still where it was made in the constructor, and a field
// the module never registers does not move (torch-unregistered-member's).
#include <torch/torch.h>

/// ALiBi-style attention bias: the slopes are a buffer, the distances a
/// factory with no device.
struct BiasImpl : torch::nn::Module {
  explicit BiasImpl(int64_t heads) {
    slopes = register_buffer("slopes", torch::ones({heads, 1, 1}));
  }

  torch::Tensor forward(const torch::Tensor &scores) {
    const int64_t len = scores.size(-1);
    auto pos = torch::arange(len); // expected-warning {{'torch::arange' creates a tensor on the CPU, but it is used with 'slopes', which is on the module's device [torch-factory-missing-device]}}
    auto bias = slopes * pos; // expected-note {{they meet in 'operator*' here}}
    return scores + bias;
  }

  torch::Tensor slopes;
};
TORCH_MODULE(Bias);

/// A parameter registered in a member initialiser and a buffer registered
/// from the field itself (`register_buffer("b", b_)`), read in a helper that
/// forward() calls.
struct ScaleImpl : torch::nn::Module {
  ScaleImpl() : gain(register_parameter("gain", torch::ones({4}))) {
    offset = torch::zeros({4});
    register_buffer("offset", offset);
  }

  torch::Tensor forward(const torch::Tensor &x) { return shift(x * gain); }

  torch::Tensor shift(const torch::Tensor &y) {
    auto jitter = torch::rand({4}); // expected-warning {{'torch::rand' creates a tensor on the CPU, but it is used with 'offset', which is on the module's device [torch-factory-missing-device]}}
    return y + offset * jitter; // expected-note {{they meet in 'operator*' here}}
  }

  /// Must stay silent: the factory follows the buffer's device.
  torch::Tensor shiftOnDevice(const torch::Tensor &y) {
    return y + offset * torch::rand({4}, offset.options());
  }

  torch::Tensor gain, offset;
};
TORCH_MODULE(Scale);

/// Must stay silent: the constructor, and the initialiser it calls, run
/// before any Module::to, when the buffer is still on the CPU where it was
/// made.
struct TableImpl : torch::nn::Module {
  TableImpl() {
    table = register_buffer("table", torch::zeros({8}));
    init();
    table.add_(torch::arange(8));
  }

  void init() { table.copy_(table + torch::linspace(0, 1, 8)); }

  torch::Tensor forward(const torch::Tensor &idx) { return table.index_select(0, idx); }

  torch::Tensor table;
};
TORCH_MODULE(Table);

/// Must stay silent here: a tensor field the module never registers does
/// not move with it (the CPU tensor it holds is torch-unregistered-member's
/// to report), and one that forward() reassigns is whatever it assigned.
struct CacheImpl : torch::nn::Module {
  CacheImpl() : proj(register_module("proj", torch::nn::Linear(4, 4))) {
    scale = torch::ones({4}); // expected-note {{'scale' is created here}}
    last = register_buffer("last", torch::zeros({4}));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    auto steps = scale * torch::arange(4);
    last = torch::zeros({4});
    return proj(x) + last * torch::ones({4});
  }

  torch::nn::Linear proj;
  torch::Tensor scale; // expected-warning {{tensor member 'scale' of module 'CacheImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
  torch::Tensor last;
};
TORCH_MODULE(Cache);

// The program moves its modules to a device chosen at run time, which is
// what makes a CPU tensor meeting their state a crash.
torch::Tensor run(const torch::Tensor &scores, const torch::Tensor &x) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Bias bias(4);
  bias->to(device);
  Scale scale;
  scale->to(device);
  return bias(scores.to(device)) + scale(x.to(device));
}
