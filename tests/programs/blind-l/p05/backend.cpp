#include "backend.h"

namespace ids {

CpuBackend::CpuBackend(const std::string& model_path) {
  module_ = torch::jit::load(model_path);
  module_.to(torch::kCPU);
  module_.eval();
}

torch::Tensor CpuBackend::run(const torch::Tensor& features) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(features);
  return torch::softmax(module_.forward(inputs).toTensor(), 1);
}

CudaBackend::CudaBackend(const std::string& model_path, torch::Device device)
    : device_(device) {
  module_ = torch::jit::load(model_path);
  module_.to(device_);
  module_.eval();
}

torch::Tensor CudaBackend::run(const torch::Tensor& features) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs;
  inputs.emplace_back(features.to(device_));
  return torch::softmax(module_.forward(inputs).toTensor(), 1);
}

std::unique_ptr<Backend> make_backend(const std::string& model_path, bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available())
    return std::make_unique<CudaBackend>(model_path, torch::Device(torch::kCUDA));
  return std::make_unique<CpuBackend>(model_path);
}

}  // namespace ids
