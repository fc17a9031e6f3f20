#include <iostream>

#include "ss_backend.h"

namespace {

StructureOutput run_module(torch::jit::Module& module, const torch::Tensor& ids,
                           const torch::Tensor& mask) {
  torch::NoGradGuard no_grad;
  auto emb = module.get_method("encode")({ids, mask}).toTensor();
  auto out = module.forward({emb, mask}).toTuple()->elements();
  return StructureOutput{out[0].toTensor(), out[1].toTensor()};
}

class CpuBackend final : public StructureBackend {
 public:
  explicit CpuBackend(const std::string& path) : module_(torch::jit::load(path, torch::kCPU)) {
    module_.eval();
  }
  torch::Device device() const override { return torch::kCPU; }
  StructureOutput predict(const torch::Tensor& ids, const torch::Tensor& mask) override {
    return run_module(module_, ids, mask);
  }

 private:
  torch::jit::Module module_;
};

class CudaBackend final : public StructureBackend {
 public:
  explicit CudaBackend(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path, device_)) {
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  StructureOutput predict(const torch::Tensor& ids, const torch::Tensor& mask) override {
    return run_module(module_, ids.to(device_), mask.to(device_));
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<StructureBackend> load_backend(const std::string& path, bool gpu) {
  if (gpu && torch::cuda::is_available()) return std::make_unique<CudaBackend>(path);
  if (gpu) std::cerr << "CUDA not available, predicting on the CPU\n";
  return std::make_unique<CpuBackend>(path);
}
