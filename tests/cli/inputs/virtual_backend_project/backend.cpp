#include "backend.h"

namespace {
class CudaBackend : public Backend {
public:
  CudaBackend(const std::string &path, torch::Device device)
      : device_(device), module_(torch::jit::load(path, device)),
        basis_(torch::rand({16, 4}, torch::device(device))) {}
  torch::Device device() const override { return device_; }
  torch::Tensor run(const torch::Tensor &x) override {
    return module_.forward({x}).toTensor();
  }
  torch::Tensor project(const torch::Tensor &features) override {
    return torch::mm(features, basis_);
  }

private:
  torch::Device device_;
  torch::jit::script::Module module_;
  torch::Tensor basis_;
};

class CpuBackend : public Backend {
public:
  explicit CpuBackend(const std::string &path)
      : module_(torch::jit::load(path, torch::kCPU)),
        basis_(torch::rand({16, 4})) {}
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor run(const torch::Tensor &x) override {
    return module_.forward({x}).toTensor();
  }
  torch::Tensor project(const torch::Tensor &features) override {
    return torch::mm(features, basis_);
  }

private:
  torch::jit::script::Module module_;
  torch::Tensor basis_;
};
} // namespace

std::unique_ptr<Backend> makeBackend(const std::string &path) {
  if (torch::cuda::is_available())
    return std::make_unique<CudaBackend>(path, torch::Device(torch::kCUDA));
  return std::make_unique<CpuBackend>(path);
}
