// Fix-its that compile and are wrong (issue 39): the device a load without a
// device should take is a member that is not initialised yet where the load
// runs, or its name is another value there. The finding and its note stay;
// the fix-it goes.
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

// The constructor's initialiser list calls loadModule() for module_, which
// is declared, and so initialised, before device_: `, device_` there would
// read an uninitialised device.
class Detector {
public:
  explicit Detector(const std::string &path)
      : module_(loadModule(path)),
        device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {}

  torch::Tensor run(const torch::Tensor &x) {
    return module_.forward({x.to(device_)}).toTensor();
  }

private:
  torch::jit::script::Module loadModule(const std::string &path) {
    return torch::jit::load(path);
  }

  torch::jit::script::Module module_;
  torch::Device device_;
};

// The same with device_ declared first: initialised before loadModule()
// runs, so the fix-it is right.
class OrderedDetector {
public:
  explicit OrderedDetector(const std::string &path)
      : device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
        module_(loadModule(path)) {}

  torch::Tensor run(const torch::Tensor &x) {
    return module_.forward({x.to(device_)}).toTensor();
  }

private:
  torch::jit::script::Module loadModule(const std::string &path) {
    return torch::jit::load(path);
  }

  torch::Device device_;
  torch::jit::script::Module module_;
};

// A parameter named like the device member hides it: `, device` would pass
// the GPU index, not the member.
class Reloader {
public:
  Reloader()
      : device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {}

  void reload(const std::string &path, int device) {
    module_ = torch::jit::load(path);
    last_gpu_ = device;
  }

  torch::Device device;

private:
  torch::jit::script::Module module_;
  int last_gpu_ = 0;
};

int main(int argc, char **argv) {
  std::string path = argc > 1 ? argv[1] : "model.pt";
  Detector d(path);
  OrderedDetector o(path);
  Reloader r;
  r.reload(path, 0);
  auto y = d.run(torch::ones({1, 3}));
  auto z = o.run(torch::ones({1, 3}));
  return y.size(0) + z.size(0) > 2;
}
