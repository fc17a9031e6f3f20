#include "classifier.h"

#include <stdexcept>
#include <vector>

CpuRhythmBackend::CpuRhythmBackend(const std::string& path)
    : module_(torch::jit::load(path, torch::kCPU)) {
  module_.eval();
}

torch::Tensor CpuRhythmBackend::logits(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{windows};
  return module_.forward(inputs).toTensor();
}

CudaRhythmBackend::CudaRhythmBackend(const std::string& path, int device_index)
    : device_(torch::kCUDA, static_cast<c10::DeviceIndex>(device_index)),
      module_(torch::jit::load(path, device_)) {
  module_.eval();
}

torch::Tensor CudaRhythmBackend::logits(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{windows};
  return module_.forward(inputs).toTensor();  //@bug P02A torch-device-mismatch
}

std::unique_ptr<RhythmBackend> open_backend(const std::string& path,
                                            const std::string& kind) {
  if (kind == "cuda" || (kind == "auto" && torch::cuda::is_available())) {
    if (!torch::cuda::is_available()) {
      throw std::runtime_error("cuda backend requested but no GPU is visible");
    }
    return std::make_unique<CudaRhythmBackend>(path, 0);
  }
  return std::make_unique<CpuRhythmBackend>(path);
}

torch::Tensor EcgClassifier::classify_record(const EcgRecord& rec) {
  auto windows = window_record(rec, window_, hop_);  //@bug P02A torch-device-mismatch
  return backend_->logits(windows);  //@bug P02A torch-device-mismatch
}
