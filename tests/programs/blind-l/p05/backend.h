#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

namespace ids {

class Backend {
 public:
  virtual ~Backend() = default;
  // Flow features [N, F] in, class probabilities [N, C] out.
  virtual torch::Tensor run(const torch::Tensor& features) = 0;
};

class CpuBackend final : public Backend {
 public:
  explicit CpuBackend(const std::string& model_path);
  torch::Tensor run(const torch::Tensor& features) override;

 private:
  torch::jit::Module module_;
};

class CudaBackend final : public Backend {
 public:
  CudaBackend(const std::string& model_path, torch::Device device);
  torch::Tensor run(const torch::Tensor& features) override;

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<Backend> make_backend(const std::string& model_path, bool prefer_gpu);

}  // namespace ids
