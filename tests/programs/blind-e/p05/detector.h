#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Single-stage vehicle detector exported with torch.jit.script. forward(x)
// returns a tuple (boxes [B, N, 4] normalised cxcywh, logits [B, N, C]).
class Detector {
 public:
  virtual ~Detector() = default;
  virtual torch::jit::IValue detect(const torch::Tensor& images) = 0;
  virtual torch::Device device() const = 0;
};

class ScriptDetector : public Detector {
 public:
  ScriptDetector(const std::string& path, torch::Device device);
  torch::jit::IValue detect(const torch::Tensor& images) override;
  torch::Device device() const override { return device_; }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<Detector> open_detector(const std::string& path,
                                        const std::string& device_flag);
