#include "backend.h"

#include <stdexcept>

void KwsBackend::warm_up(const FeatureSpec& spec, int iterations) {
  torch::NoGradGuard no_grad;
  auto dummy = torch::zeros({4, spec.frames, spec.bands});  //@bug P01A torch-factory-missing-device|torch-device-mismatch
  for (int i = 0; i < iterations; ++i) {
    run(dummy);  //@bug P01A torch-device-mismatch
  }
}

CpuKwsBackend::CpuKwsBackend(const std::string& model_path)
    : module_(torch::jit::load(model_path, torch::Device(torch::kCPU))) {
  module_.eval();
}

torch::Tensor CpuKwsBackend::run(const torch::Tensor& feats) {
  std::vector<torch::jit::IValue> inputs{feats};
  return module_.forward(inputs).toTensor();
}

CudaKwsBackend::CudaKwsBackend(const std::string& model_path, int gpu_index)
    : device_(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu_index)),
      module_(torch::jit::load(model_path, device_)) {
  module_.eval();
}

torch::Tensor CudaKwsBackend::run(const torch::Tensor& feats) {
  return module_.forward({feats}).toTensor();  //@bug P01A torch-device-mismatch
}

std::unique_ptr<KwsBackend> make_backend(const std::string& kind,
                                         const std::string& model_path) {
  if (kind == "cuda") return std::make_unique<CudaKwsBackend>(model_path, 0);
  if (kind == "cpu") return std::make_unique<CpuKwsBackend>(model_path);
  throw std::invalid_argument("unknown backend " + kind);
}
