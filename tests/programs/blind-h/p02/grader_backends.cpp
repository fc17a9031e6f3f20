#include <iostream>
#include <stdexcept>

#include "grader_backend.h"

namespace {

class CpuGrader : public GraderBackend {
 public:
  explicit CpuGrader(const std::string& path) : module_(torch::jit::load(path, torch::kCPU)) {
    module_.eval();
  }
  torch::Device device() const override { return torch::kCPU; }
  c10::ivalue::TupleElements run(const torch::Tensor& image) override {
    torch::NoGradGuard guard;
    return module_.forward({image}).toTuple()->elements();
  }

 private:
  torch::jit::Module module_;
};

class CudaGrader : public GraderBackend {
 public:
  explicit CudaGrader(const std::string& path) : device_(torch::kCUDA, 0) {
    module_ = torch::jit::load(path);
    module_.to(device_);
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  c10::ivalue::TupleElements run(const torch::Tensor& image) override {
    torch::NoGradGuard guard;
    std::vector<torch::jit::IValue> inputs{image.to(device_)};
    return module_.forward(inputs).toTuple()->elements();
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<GraderBackend> open_grader(const std::string& path, const std::string& where) {
  if (where == "cpu") return std::make_unique<CpuGrader>(path);
  if (torch::cuda::is_available()) return std::make_unique<CudaGrader>(path);
  if (where == "cuda") throw std::runtime_error("--device cuda requested but no GPU is visible");
  std::cerr << "no GPU visible, grading on the CPU\n";
  return std::make_unique<CpuGrader>(path);
}
