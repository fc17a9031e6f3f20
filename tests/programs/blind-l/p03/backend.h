#pragma once

#include <torch/script.h>

#include <memory>
#include <string>

namespace ecg {

class Backend {
 public:
  virtual ~Backend() = default;
  // Beats [B, 1, W] on the host in, class probabilities [B, C] on the host out.
  virtual torch::Tensor run(const torch::Tensor& beats) = 0;
};

class CpuBackend : public Backend {
 public:
  explicit CpuBackend(const std::string& model_path);
  torch::Tensor run(const torch::Tensor& beats) override;

 private:
  torch::jit::Module module_;
  torch::Tensor kernel_;
};

class CudaBackend : public Backend {
 public:
  CudaBackend(const std::string& model_path, torch::Device device);
  torch::Tensor run(const torch::Tensor& beats) override;

 private:
  torch::Device device_;
  torch::jit::Module module_;
  torch::Tensor kernel_;
};

std::unique_ptr<Backend> make_backend(const std::string& model_path);

}  // namespace ecg
