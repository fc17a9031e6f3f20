#include "sr_backend.h"

#include <vector>

CpuSrBackend::CpuSrBackend(const std::string& path)
    : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
  module_.eval();
}

torch::Tensor CpuSrBackend::run_tile(const torch::Tensor& tile) {
  torch::NoGradGuard no_grad;
  return module_.forward({tile}).toTensor();  //@bug P05B torch-dtype-mismatch
}

CudaSrBackend::CudaSrBackend(const std::string& path, torch::Device device)
    : device_(device), module_(torch::jit::load(path)) {
  module_.to(device_);
  module_.eval();
}

torch::Tensor CudaSrBackend::run_tile(const torch::Tensor& tile) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{tile};
  return module_.forward(inputs).toTensor();  //@bug P05B torch-dtype-mismatch
}

std::unique_ptr<SrBackend> make_sr_backend(const std::string& path, bool gpu) {
  if (gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaSrBackend>(path, torch::Device(torch::kCUDA, 0));
  }
  return std::make_unique<CpuSrBackend>(path);
}
