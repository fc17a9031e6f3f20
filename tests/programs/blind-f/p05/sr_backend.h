#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted Real-ESRGAN-style x4 generator: [1, 3, h, w] Float in [0, 1] ->
// [1, 3, 4h, 4w].
class SrBackend {
 public:
  virtual ~SrBackend() = default;
  virtual torch::Device device() const = 0;
  virtual int64_t scale() const { return 4; }
  // tile must already be on device().
  virtual torch::Tensor run_tile(const torch::Tensor& tile) = 0;
};

class CpuSrBackend : public SrBackend {
 public:
  explicit CpuSrBackend(const std::string& path);
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor run_tile(const torch::Tensor& tile) override;

 private:
  torch::jit::script::Module module_;
};

class CudaSrBackend : public SrBackend {
 public:
  CudaSrBackend(const std::string& path, torch::Device device);
  torch::Device device() const override { return device_; }
  torch::Tensor run_tile(const torch::Tensor& tile) override;

 private:
  torch::Device device_;
  torch::jit::script::Module module_;
};

std::unique_ptr<SrBackend> make_sr_backend(const std::string& path, bool gpu);
