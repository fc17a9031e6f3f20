#include <iostream>

#include "backend.h"

namespace {

class CpuPatternBackend final : public PatternBackend {
 public:
  explicit CpuPatternBackend(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }

  torch::Device device() const override { return torch::Device(torch::kCPU); }
  std::string name() const override { return "cpu"; }

  c10::Dict<c10::IValue, c10::IValue> classify(std::vector<torch::jit::IValue> inputs) override {
    torch::NoGradGuard no_grad;
    return module_.get_method("classify")(std::move(inputs)).toGenericDict();
  }

 private:
  torch::jit::Module module_;
};

class CudaPatternBackend final : public PatternBackend {
 public:
  explicit CudaPatternBackend(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path, device_)) {
    module_.eval();
  }

  torch::Device device() const override { return device_; }
  std::string name() const override { return "cuda:0"; }

  c10::Dict<c10::IValue, c10::IValue> classify(std::vector<torch::jit::IValue> inputs) override {
    torch::NoGradGuard no_grad;
    return module_.get_method("classify")(std::move(inputs)).toGenericDict();
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<PatternBackend> make_backend(const std::string& model_path, bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaPatternBackend>(model_path);
  }
  std::cerr << "pattern classifier on the CPU\n";
  return std::make_unique<CpuPatternBackend>(model_path);
}
