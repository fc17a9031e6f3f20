#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

#include "audio_features.h"

// Execution backends of the keyword-spotting service. run() receives inputs
// that the caller has already placed on device(); it returns raw logits
// [N, num_keywords] on device().
class KwsBackend {
 public:
  virtual ~KwsBackend() = default;
  virtual torch::Device device() const = 0;
  virtual torch::Tensor run(const torch::Tensor& feats) = 0;
  virtual std::string name() const = 0;

  // Runs a few dummy batches so that the first real request does not pay for
  // lazy initialisation (allocator, cuDNN autotuning, JIT profiling).
  void warm_up(const FeatureSpec& spec, int iterations);
};

class CpuKwsBackend : public KwsBackend {
 public:
  explicit CpuKwsBackend(const std::string& model_path);
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor run(const torch::Tensor& feats) override;
  std::string name() const override { return "cpu"; }

 private:
  torch::jit::Module module_;
};

class CudaKwsBackend : public KwsBackend {
 public:
  CudaKwsBackend(const std::string& model_path, int gpu_index);
  torch::Device device() const override { return device_; }
  torch::Tensor run(const torch::Tensor& feats) override;
  std::string name() const override { return "cuda"; }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<KwsBackend> make_backend(const std::string& kind,
                                         const std::string& model_path);
