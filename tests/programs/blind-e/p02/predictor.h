#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// A TorchScript image classifier behind a small virtual interface so the
// service can run on CPU-only edge boxes and on GPU servers.
class Predictor {
 public:
  virtual ~Predictor() = default;
  virtual torch::Device device() const = 0;
  // batch must already be on device(); returns logits [N, C] on device().
  virtual torch::Tensor logits(const torch::Tensor& batch) = 0;

  void warm_up(int64_t image_size) {
    torch::NoGradGuard no_grad;
    auto dummy = torch::zeros({2, 3, image_size, image_size},
                              torch::TensorOptions().device(device()));
    logits(dummy);
  }
};

class CpuPredictor : public Predictor {
 public:
  explicit CpuPredictor(const std::string& path);
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor logits(const torch::Tensor& batch) override;

 private:
  torch::jit::Module module_;
};

class CudaPredictor : public Predictor {
 public:
  explicit CudaPredictor(const std::string& path);
  torch::Device device() const override { return device_; }
  torch::Tensor logits(const torch::Tensor& batch) override;

 private:
  torch::Device device_{torch::kCUDA, 0};
  torch::jit::Module module_;
  torch::Tensor temperature_;
};

// Chooses the CUDA predictor only when a GPU is usable.
std::unique_ptr<Predictor> make_predictor(const std::string& path,
                                          bool prefer_gpu);
