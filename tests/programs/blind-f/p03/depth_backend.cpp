#include "depth_backend.h"

#include <vector>

namespace {

class CpuDepthBackend : public DepthBackend {
 public:
  CpuDepthBackend(const std::string& path, double max_depth_m)
      : DepthBackend(max_depth_m),
        module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::kCPU; }
  std::string name() const override { return "cpu"; }

 protected:
  torch::jit::IValue run(const torch::Tensor& x) override {
    return module_.run_method("forward", x);
  }

 private:
  torch::jit::script::Module module_;
};

class CudaDepthBackend : public DepthBackend {
 public:
  CudaDepthBackend(const std::string& path, double max_depth_m)
      : DepthBackend(max_depth_m),
        device_(torch::kCUDA, 0),
        module_(torch::jit::load(path)) {
    // The archive was saved from a GPU session on another box; pin it here.
    module_.to(device_);
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  std::string name() const override { return "cuda:0"; }

 protected:
  torch::jit::IValue run(const torch::Tensor& x) override {
    std::vector<torch::jit::IValue> inputs{x};
    return module_.forward(inputs);
  }

 private:
  torch::Device device_;
  torch::jit::script::Module module_;
};

}  // namespace

void DepthBackend::warm_up(int64_t net_h, int64_t net_w) {
  torch::NoGradGuard no_grad;
  auto dummy = torch::zeros({1, 3, net_h, net_w},
                            torch::TensorOptions().dtype(torch::kFloat32).device(device()));
  run(dummy);
}

DepthResult DepthBackend::infer(const torch::Tensor& image) {
  torch::NoGradGuard no_grad;
  auto out = run(image.to(device()));
  auto elems = out.toTuple()->elements();
  auto rel = elems[0].toTensor();
  auto conf = elems[1].toTensor();
  // Inverse relative depth -> metres. The scale is a 0-dim host tensor, which
  // may meet a CUDA tensor.
  auto scale = torch::tensor(max_depth_m_);
  DepthResult r;
  r.depth_m = scale / (1.0 + rel * (scale - 1.0));
  r.confidence = conf;
  return r;
}

std::unique_ptr<DepthBackend> create_backend(const std::string& model_path,
                                             bool use_gpu, double max_depth_m) {
  if (use_gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaDepthBackend>(model_path, max_depth_m);
  }
  return std::make_unique<CpuDepthBackend>(model_path, max_depth_m);
}
