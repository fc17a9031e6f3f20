#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Wraps the scripted ECAPA-TDNN speaker model. Its `embed` method takes
// [B, frames, num_mels] Float features and returns (embedding [B, 192],
// attention weights [B, frames]).
class SpeakerEmbedder {
 public:
  virtual ~SpeakerEmbedder() = default;
  virtual torch::Device device() const = 0;
  // feats must already be on device(). Returns L2-normalised [B, D].
  virtual torch::Tensor embed(const torch::Tensor& feats) = 0;
  virtual std::string name() const = 0;
};

class CpuEmbedder : public SpeakerEmbedder {
 public:
  explicit CpuEmbedder(const std::string& path);
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor embed(const torch::Tensor& feats) override;
  std::string name() const override { return "cpu"; }

 private:
  torch::jit::script::Module module_;
};

class CudaEmbedder : public SpeakerEmbedder {
 public:
  CudaEmbedder(const std::string& path, torch::Device device);
  torch::Device device() const override { return device_; }
  torch::Tensor embed(const torch::Tensor& feats) override;
  std::string name() const override { return "cuda"; }

 private:
  torch::Device device_;
  torch::jit::script::Module module_;
};

std::unique_ptr<SpeakerEmbedder> make_embedder(const std::string& path,
                                               bool prefer_gpu);
