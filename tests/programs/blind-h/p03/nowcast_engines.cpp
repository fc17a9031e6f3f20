#include <iostream>

#include "nowcast_engine.h"

namespace {

class CpuEngine : public NowcastEngine {
 public:
  explicit CpuEngine(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  const char* name() const override { return "cpu"; }
  torch::Tensor extrapolate(const torch::Tensor& history,
                            const torch::Tensor& lead_minutes) override {
    torch::NoGradGuard no_grad;
    return module_.run_method("forward", history, lead_minutes).toTensor();
  }

 private:
  torch::jit::Module module_;
};

class CudaEngine : public NowcastEngine {
 public:
  explicit CudaEngine(const std::string& path)
      : device_(torch::Device(torch::kCUDA, 0)), module_(torch::jit::load(path, device_)) {
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  const char* name() const override { return "cuda:0"; }
  torch::Tensor extrapolate(const torch::Tensor& history,
                            const torch::Tensor& lead_minutes) override {
    torch::NoGradGuard no_grad;
    return module_.run_method("forward", history, lead_minutes).toTensor();  //@bug P03A torch-device-mismatch
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<NowcastEngine> make_engine(const std::string& path, bool use_gpu) {
  if (use_gpu && torch::cuda::is_available()) return std::make_unique<CudaEngine>(path);
  if (use_gpu) std::cerr << "no CUDA device, nowcasting on the CPU\n";
  return std::make_unique<CpuEngine>(path);
}
