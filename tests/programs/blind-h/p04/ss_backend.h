#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// The scripted predictor (protein language-model embedding + BiLSTM head):
//   encode(ids: Tensor[1, L] Long, mask: Tensor[1, L] Float) -> Tensor[1, L, 1024]
//   forward(emb: Tensor[1, L, 1024], mask: Tensor[1, L] Float)
//     -> Tuple[Tensor (DSSP 8-state logits [1, L, 8]),
//              Tensor (absolute solvent accessibility in A^2, [1, L])]
struct StructureOutput {
  torch::Tensor ss8_logits;  // [1, L, 8] on the backend's device
  torch::Tensor asa;         // [1, L]    on the backend's device
};

class StructureBackend {
 public:
  virtual ~StructureBackend() = default;
  virtual torch::Device device() const = 0;
  virtual StructureOutput predict(const torch::Tensor& ids, const torch::Tensor& mask) = 0;
};

std::unique_ptr<StructureBackend> load_backend(const std::string& path, bool gpu);
