#include "detector.h"

ScriptDetector::ScriptDetector(const std::string& path, torch::Device device)
    : device_(device) {
  module_ = torch::jit::load(path);
  module_.to(device_);
  module_.eval();
}

torch::jit::IValue ScriptDetector::detect(const torch::Tensor& images) {
  torch::NoGradGuard no_grad;
  return module_.run_method("forward", images.to(device_));
}

std::unique_ptr<Detector> open_detector(const std::string& path,
                                        const std::string& device_flag) {
  torch::Device device(torch::kCPU);
  if (device_flag == "cuda" ||
      (device_flag == "auto" && torch::cuda::is_available())) {
    device = torch::Device(torch::kCUDA);
  }
  return std::make_unique<ScriptDetector>(path, device);
}
