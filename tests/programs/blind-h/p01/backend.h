#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

// The scripted pattern classifier exports a method
//   classify(planes: Tensor[N, 3, 64, 64]) -> Dict[str, Tensor]
// with "logits" [N, 9] and "cam" [N, 9, 16, 16] (class activation maps).
class PatternBackend {
 public:
  virtual ~PatternBackend() = default;
  virtual torch::Device device() const = 0;
  virtual std::string name() const = 0;
  // Inputs must already be on device().
  virtual c10::Dict<c10::IValue, c10::IValue> classify(std::vector<torch::jit::IValue> inputs) = 0;
};

std::unique_ptr<PatternBackend> make_backend(const std::string& model_path, bool prefer_gpu);
