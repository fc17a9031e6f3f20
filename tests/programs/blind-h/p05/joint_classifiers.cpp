#include <iostream>

#include "joint_classifier.h"

namespace {

JointScores unpack(const torch::jit::IValue& out) {
  auto elems = out.toTuple()->elements();
  return JointScores{elems[0].toTensor(), elems[1].toTensor()};
}

class HostClassifier : public JointClassifier {
 public:
  explicit HostClassifier(const std::string& path) : module_(torch::jit::load(path, torch::kCPU)) {
    module_.eval();
  }
  torch::Device device() const override { return torch::kCPU; }
  JointScores score(const torch::Tensor& crops) override {
    torch::NoGradGuard no_grad;
    return unpack(module_.forward({crops}));
  }

 private:
  torch::jit::Module module_;
};

class CudaClassifier : public JointClassifier {
 public:
  explicit CudaClassifier(const std::string& path) : device_(torch::kCUDA) {
    module_ = torch::jit::load(path);
    module_.to(device_);
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  JointScores score(const torch::Tensor& crops) override {
    torch::NoGradGuard no_grad;
    return unpack(module_.forward({crops.to(device_)}));
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<JointClassifier> open_classifier(const std::string& path, bool use_cuda) {
  if (use_cuda && torch::cuda::is_available()) return std::make_unique<CudaClassifier>(path);
  return std::make_unique<HostClassifier>(path);
}
