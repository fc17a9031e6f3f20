#include "backend.h"

namespace fraud {

CpuBackend::CpuBackend(const std::string& model_path)
    : module_(torch::jit::load(model_path, torch::kCPU)) {
  module_.eval();
}

torch::Tensor CpuBackend::run(const torch::Tensor& features) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(features);
  return module_.forward(inputs).toTensor();
}

CudaBackend::CudaBackend(const std::string& model_path, torch::Device device)
    : device_(device), module_(torch::jit::load(model_path, device)) {
  module_.eval();
}

torch::Tensor CudaBackend::run(const torch::Tensor& features) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{features};
  auto logits = module_.forward(inputs).toTensor();
  return logits.to(torch::kCPU);
}

std::unique_ptr<Backend> make_backend(const std::string& model_path, bool allow_gpu) {
  if (allow_gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaBackend>(model_path, torch::Device(torch::kCUDA, 0));
  }
  return std::make_unique<CpuBackend>(model_path);
}

}  // namespace fraud
