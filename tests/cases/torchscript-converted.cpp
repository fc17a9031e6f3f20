// A TorchScript module converted to a dtype in view (`module.to(kHalf)` on
// every path, in the function or in the constructor of the class that
// holds it) has that dtype: a floating input of another one fails in its
// first layer ("Input type (float) and bias type (c10::Half) should be the
// same"), on the CPU as on a GPU (torch-dtype-mismatch). Integer ids and
// masks, 0-dim scalars and the function's own inputs are not reported; a
// floating input of another dtype on one path of several is.
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

torch::Tensor serveHalf(const std::string &path, torch::Device device) {
  torch::jit::script::Module module = torch::jit::load(path, device);
  module.to(torch::kHalf); // expected-note {{'module' is converted to Half here}}
  auto image = torch::rand({1, 3, 8, 8}).to(device); // expected-note {{'image' is created as Float here ('torch::rand' with no dtype)}}
  std::vector<torch::jit::IValue> inputs{image};
  return module.forward(inputs).toTensor(); // expected-warning {{'module' receives tensors of different dtypes: 'inputs' is Float but the parameters of 'module' are Half [torch-dtype-mismatch]}}
}

// Converted in the constructor of the service that holds it.
class HalfService {
public:
  explicit HalfService(const std::string &path)
      : module_(torch::jit::load(path, torch::kCPU)) {
    module_.to(torch::kCPU, torch::kHalf); // expected-note {{'module_' is converted to Half here}}
  }
  torch::Tensor run() {
    auto x = torch::ones({1, 4}); // expected-note {{'x' is created as Float here ('torch::ones' with no dtype)}}
    return module_.forward({x}).toTensor(); // expected-warning {{'module_' receives tensors of different dtypes: 'x' is Float but the parameters of 'module_' are Half [torch-dtype-mismatch]}}
  }

private:
  torch::jit::script::Module module_;
};

// Converted to Float on purpose, and fed Double.
torch::Tensor floatModel(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kFloat); // expected-note {{'module' is converted to Float here}}
  auto stats = torch::zeros({1, 4}, torch::kDouble); // expected-note {{'stats' is created as Double here ('torch::zeros' with dtype Double)}}
  return module.forward({stats}).toTensor(); // expected-warning {{'module' receives tensors of different dtypes: 'stats' is Double but the parameters of 'module' are Float [torch-dtype-mismatch]}}
}

// Converted through a macro: the conversion is still in view.
#define TO_HALF(m) (m).to(torch::kHalf)
torch::Tensor viaMacro(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  TO_HALF(module); // expected-note {{'module' is converted to Half here}}
  return module.forward({torch::rand({2, 4})}).toTensor(); // expected-warning {{'module' receives tensors of different dtypes: 'torch::rand({2, 4})' is Float but the parameters of 'module' are Half [torch-dtype-mismatch]}} expected-note {{'torch::rand({2, 4})' is created as Float here ('torch::rand' with no dtype)}}
}

// Must stay silent: the input is converted too.
torch::Tensor convertedInput(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf);
  auto x = torch::rand({1, 4}).to(torch::kHalf);
  return module.forward({x}).toTensor();
}

// Must stay silent: token ids are Long whatever the model's dtype.
torch::Tensor tokenIds(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf);
  auto ids = torch::randint(0, 100, {1, 16});
  return module.forward({ids}).toTensor();
}

// Must stay silent: converted on one path only, so its dtype depends on
// the run.
torch::Tensor maybeHalf(const std::string &path, bool half) {
  auto module = torch::jit::load(path, torch::kCPU);
  if (half)
    module.to(torch::kHalf);
  auto x = torch::rand({1, 4});
  return module.forward({x}).toTensor();
}

// Must stay silent: the input is the function's own, its callers' to get
// right (not carried to them).
torch::Tensor ownInput(const std::string &path, torch::Tensor x) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf);
  return module.forward({x}).toTensor();
}

// Must stay silent: a 0-dim scalar (a temperature) is not a feature map.
torch::Tensor scalarArgument(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf);
  auto x = torch::rand({1, 4}).to(torch::kHalf);
  auto temperature = torch::tensor(0.7f);
  return module.forward({x, temperature}).toTensor();
}

// Must stay silent: moved to a device only, its dtype is what was saved
// (a Float input is fine for the Float models almost all are).
torch::Tensor deviceOnly(const std::string &path, torch::Device device) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(device);
  auto x = torch::rand({1, 4}, torch::device(device));
  return module.forward({x}).toTensor();
}

// Resized and converted on one path only: the other path feeds Float.
torch::Tensor resizedOnOnePath(const std::string &path, bool resize) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf); // expected-note {{'module' is converted to Half here}}
  torch::Tensor x = torch::rand({1, 3, 8, 8}); // expected-note {{'x' is created as Float here ('torch::rand' with no dtype)}}
  if (resize)
    x = torch::nn::functional::interpolate(
            x, torch::nn::functional::InterpolateFuncOptions().size(
                   std::vector<int64_t>{4, 4}))
            .to(torch::kHalf);
  return module.forward({x}).toTensor(); // expected-warning {{'module' receives tensors of different dtypes: 'x' is on one path Float but the parameters of 'module' are Half [torch-dtype-mismatch]}}
}

// Must stay silent: converted on both paths.
torch::Tensor convertedOnBothPaths(const std::string &path, bool resize) {
  auto module = torch::jit::load(path, torch::kCPU);
  module.to(torch::kHalf);
  torch::Tensor x = torch::rand({1, 3, 8, 8});
  if (resize)
    x = x.to(torch::kHalf);
  else
    x = x.to(torch::kHalf).contiguous();
  return module.forward({x}).toTensor();
}
