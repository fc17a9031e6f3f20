#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

#include "ecg_reader.h"

// Scripted 1-D ResNet rhythm classifier: forward([W, 12, window]) -> [W, C].
class RhythmBackend {
 public:
  virtual ~RhythmBackend() = default;
  virtual torch::Device device() const = 0;
  // windows: [W, leads, window] on device().
  virtual torch::Tensor logits(const torch::Tensor& windows) = 0;
};

class CpuRhythmBackend : public RhythmBackend {
 public:
  explicit CpuRhythmBackend(const std::string& path);
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor logits(const torch::Tensor& windows) override;

 private:
  torch::jit::script::Module module_;
};

class CudaRhythmBackend : public RhythmBackend {
 public:
  CudaRhythmBackend(const std::string& path, int device_index);
  torch::Device device() const override { return device_; }
  torch::Tensor logits(const torch::Tensor& windows) override;

 private:
  torch::Device device_;
  torch::jit::script::Module module_;
};

std::unique_ptr<RhythmBackend> open_backend(const std::string& path,
                                            const std::string& kind);

class EcgClassifier {
 public:
  EcgClassifier(std::unique_ptr<RhythmBackend> backend, int64_t window,
                int64_t hop)
      : backend_(std::move(backend)), window_(window), hop_(hop) {}

  // Per-window logits [W, C] for one record.
  torch::Tensor classify_record(const EcgRecord& rec);

 private:
  std::unique_ptr<RhythmBackend> backend_;
  int64_t window_;
  int64_t hop_;
};
