#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

namespace fraud {

// Implementations return logits on the host, ready to blend with the rules.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual torch::Tensor run(const torch::Tensor& features) = 0;
  virtual std::string name() const = 0;
};

class CpuBackend : public Backend {
 public:
  explicit CpuBackend(const std::string& model_path);
  torch::Tensor run(const torch::Tensor& features) override;
  std::string name() const override { return "cpu"; }

 private:
  torch::jit::Module module_;
};

class CudaBackend : public Backend {
 public:
  CudaBackend(const std::string& model_path, torch::Device device);
  torch::Tensor run(const torch::Tensor& features) override;
  std::string name() const override { return "cuda:" + std::to_string(device_.index()); }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<Backend> make_backend(const std::string& model_path, bool allow_gpu);

}  // namespace fraud
