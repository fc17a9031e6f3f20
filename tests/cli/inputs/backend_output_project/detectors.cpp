#include "detector.h"

namespace {

// The scripted model returns a (logits, embeddings) tuple.
Detections unpack(const torch::jit::IValue &out) {
  auto elems = out.toTuple()->elements();
  return Detections{elems[0].toTensor(), elems[1].toTensor()};
}

class HostDetector : public Detector {
public:
  explicit HostDetector(const std::string &path)
      : module_(torch::jit::load(path, torch::kCPU)) {}
  torch::Device device() const override { return torch::kCPU; }
  Detections detect(const torch::Tensor &crops) override {
    return unpack(module_.forward({crops}));
  }
  torch::Tensor embed(const torch::Tensor &crops) override {
    return module_.run_method("embed", crops).toTensor();
  }

private:
  torch::jit::Module module_;
};

class CudaDetector : public Detector {
public:
  explicit CudaDetector(const std::string &path) : device_(torch::kCUDA) {
    module_ = torch::jit::load(path);
    module_.to(device_);
  }
  torch::Device device() const override { return device_; }
  Detections detect(const torch::Tensor &crops) override {
    return unpack(module_.forward({crops.to(device_)}));
  }
  torch::Tensor embed(const torch::Tensor &crops) override {
    return module_.run_method("embed", crops.to(device_)).toTensor();
  }

private:
  torch::Device device_;
  torch::jit::Module module_;
};

} // namespace

std::unique_ptr<Detector> openDetector(const std::string &path) {
  if (torch::cuda::is_available())
    return std::make_unique<CudaDetector>(path);
  return std::make_unique<HostDetector>(path);
}

Uploader::Uploader(torch::Device device) : device_(device) {}

torch::Tensor Uploader::upload(const torch::Tensor &crops) {
  return crops.to(device_, /*non_blocking=*/true);
}
