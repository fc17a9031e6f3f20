#include <stdexcept>

#include "stager_backend.h"

namespace {

StagerOutput from_dict(const torch::jit::IValue& result) {
  auto dict = result.toGenericDict();
  StagerOutput out;
  out.logits = dict.at("logits").toTensor();
  out.arousal_logits = dict.at("arousal").toTensor();
  return out;
}

class CpuStager : public StagerBackend {
 public:
  explicit CpuStager(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  std::string name() const override { return "cpu"; }
  StagerOutput stage(const torch::Tensor& epochs) override {
    torch::InferenceMode guard;
    return from_dict(module_.run_method("stage", epochs));
  }

 private:
  torch::jit::Module module_;
};

class CudaStager : public StagerBackend {
 public:
  explicit CudaStager(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path)) {
    module_.to(device_);
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  std::string name() const override { return "cuda:0"; }
  StagerOutput stage(const torch::Tensor& epochs) override {
    torch::InferenceMode guard;
    return from_dict(module_.get_method("stage")({epochs}));
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<StagerBackend> open_stager(const std::string& path, const std::string& device) {
  const bool have_cuda = torch::cuda::is_available();
  if (device == "cuda" && !have_cuda) throw std::runtime_error("--device cuda but no CUDA device");
  if (device == "cuda" || (device == "auto" && have_cuda)) return std::make_unique<CudaStager>(path);
  return std::make_unique<CpuStager>(path);
}
