#include "detector_backend.h"

namespace {

class CpuDetector : public ShipDetectorBackend {
 public:
  explicit CpuDetector(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  std::vector<torch::Tensor> forward(const torch::Tensor& tiles) override {
    torch::NoGradGuard no_grad;
    return module_.forward({tiles.cpu()}).toTensorList().vec();
  }

 private:
  torch::jit::Module module_;
};

class CudaDetector : public ShipDetectorBackend {
 public:
  explicit CudaDetector(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path)) {
    module_.to(device_);
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  std::vector<torch::Tensor> forward(const torch::Tensor& tiles) override {
    torch::NoGradGuard no_grad;
    std::vector<torch::jit::IValue> inputs;
    inputs.emplace_back(tiles.to(device_));
    return module_.forward(inputs).toTensorList().vec();
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<ShipDetectorBackend> open_detector(const std::string& path, bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available()) return std::make_unique<CudaDetector>(path);
  return std::make_unique<CpuDetector>(path);
}
