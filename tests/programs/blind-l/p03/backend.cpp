#include "backend.h"

#include "beats.h"

namespace ecg {

CpuBackend::CpuBackend(const std::string& model_path)
    : module_(torch::jit::load(model_path, torch::kCPU)),
      kernel_(baseline_kernel(kBaselineWidth, torch::kCPU)) {
  module_.eval();
}

torch::Tensor CpuBackend::run(const torch::Tensor& beats) {
  torch::NoGradGuard no_grad;
  auto logits = module_.forward({remove_baseline(beats, kernel_)}).toTensor();
  return torch::softmax(logits, 1);
}

CudaBackend::CudaBackend(const std::string& model_path, torch::Device device)
    : device_(device),
      module_(torch::jit::load(model_path, device)),
      kernel_(baseline_kernel(kBaselineWidth, device)) {
  module_.eval();
}

torch::Tensor CudaBackend::run(const torch::Tensor& beats) {
  torch::NoGradGuard no_grad;
  auto x = beats.to(device_, /*non_blocking=*/true);
  std::vector<torch::jit::IValue> inputs;
  inputs.emplace_back(remove_baseline(x, kernel_));
  auto logits = module_.forward(inputs).toTensor();
  return torch::softmax(logits, 1).cpu();
}

std::unique_ptr<Backend> make_backend(const std::string& model_path) {
  if (torch::cuda::is_available()) {
    return std::make_unique<CudaBackend>(model_path, torch::Device(torch::kCUDA, 0));
  }
  return std::make_unique<CpuBackend>(model_path);
}

}  // namespace ecg
