#include <iostream>

#include "morph_backend.h"

namespace {

MorphOutput split(const torch::jit::IValue& result) {
  auto elements = result.toTuple()->elements();
  return MorphOutput{elements[0].toTensor(), elements[1].toTensor()};
}

class CpuMorphBackend final : public MorphBackend {
 public:
  explicit CpuMorphBackend(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  MorphOutput predict(const torch::Tensor& images) override {
    torch::NoGradGuard no_grad;
    return split(module_.run_method("morphology", images));
  }

 private:
  torch::jit::Module module_;
};

class CudaMorphBackend final : public MorphBackend {
 public:
  explicit CudaMorphBackend(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCUDA, 0))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCUDA, 0); }
  MorphOutput predict(const torch::Tensor& images) override {
    torch::NoGradGuard no_grad;
    auto method = module_.get_method("morphology");
    return split(method({images.to(device(), /*non_blocking=*/true)}));
  }

 private:
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<MorphBackend> make_morph_backend(const std::string& path, bool allow_gpu) {
  if (allow_gpu && torch::cuda::is_available()) {
    std::cerr << "morphology network on cuda:0\n";
    return std::make_unique<CudaMorphBackend>(path);
  }
  std::cerr << "morphology network on the CPU\n";
  return std::make_unique<CpuMorphBackend>(path);
}
