#include "predictor.h"

CpuPredictor::CpuPredictor(const std::string& path) {
  // tools/export_classifier.py saves after model.cpu(), so this archive
  // holds host tensors; the to() below pins it to the host regardless.
  module_ = torch::jit::load(path);
  module_.to(torch::kCPU);
  module_.eval();
}

torch::Tensor CpuPredictor::logits(const torch::Tensor& batch) {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(batch);
  return module_.forward(inputs).toTensor();
}

CudaPredictor::CudaPredictor(const std::string& path)
    : module_(torch::jit::load(path, device_)) {
  module_.eval();
  // Calibrated on the validation set; a 0-dim host scalar is fine in
  // arithmetic with CUDA tensors.
  temperature_ = torch::tensor(1.35);
}

torch::Tensor CudaPredictor::logits(const torch::Tensor& batch) {
  auto out = module_.get_method("forward")({batch}).toTensor();
  return out / temperature_;
}

std::unique_ptr<Predictor> make_predictor(const std::string& path,
                                          bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaPredictor>(path);
  }
  return std::make_unique<CpuPredictor>(path);
}
