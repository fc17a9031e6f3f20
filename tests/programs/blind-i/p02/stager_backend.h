#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted sleep stager (per-epoch CNN + transformer over the night):
//   stage(epochs: Tensor[E, C, 3000] float32, normalised, on device())
//     -> Dict[str, Tensor] {"logits": [E, 5] (W, N1, N2, N3, REM),
//                           "arousal": [E] logit of a cortical arousal}
struct StagerOutput {
  torch::Tensor logits;
  torch::Tensor arousal_logits;
};

class StagerBackend {
 public:
  virtual ~StagerBackend() = default;
  virtual torch::Device device() const = 0;
  virtual std::string name() const = 0;
  virtual StagerOutput stage(const torch::Tensor& epochs) = 0;
};

// device: "auto" (CUDA when available), "cpu" or "cuda".
std::unique_ptr<StagerBackend> open_stager(const std::string& path, const std::string& device);
