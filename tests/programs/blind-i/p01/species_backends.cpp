#include <iostream>

#include "species_backend.h"

namespace {

SpeciesScores unpack(const torch::jit::IValue& out) {
  const auto& elems = out.toTuple()->elements();
  SpeciesScores s;
  s.species_logits = elems.at(0).toTensor();
  s.blank_logits = elems.at(1).toTensor();
  return s;
}

class CpuSpeciesBackend : public SpeciesBackend {
 public:
  explicit CpuSpeciesBackend(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  std::string name() const override { return "cpu"; }
  SpeciesScores classify(const torch::Tensor& stills) override {
    torch::NoGradGuard no_grad;
    return unpack(module_.forward({stills}));  //@bug P01B torch-dtype-mismatch
  }

 private:
  torch::jit::Module module_;
};

class CudaSpeciesBackend : public SpeciesBackend {
 public:
  explicit CudaSpeciesBackend(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path, device_)) {
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  std::string name() const override { return "cuda:0"; }
  SpeciesScores classify(const torch::Tensor& stills) override {
    torch::NoGradGuard no_grad;
    std::vector<torch::jit::IValue> inputs{stills.to(device_)};
    return unpack(module_.forward(inputs));  //@bug P01B torch-dtype-mismatch
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<SpeciesBackend> make_species_backend(const std::string& model_path, bool use_gpu) {
  if (use_gpu && torch::cuda::is_available())
    return std::make_unique<CudaSpeciesBackend>(model_path);
  if (use_gpu) std::cerr << "CUDA not available, classifying on the CPU\n";
  return std::make_unique<CpuSpeciesBackend>(model_path);
}
