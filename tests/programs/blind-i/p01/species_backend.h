#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted species classifier (EfficientNet-B3 with a 4-channel stem):
//   forward(stills: Tensor[N, 4, S, S] float32: normalised RGB + motion energy)
//     -> (Tensor[N, K] species logits, Tensor[N] "blank" logit)
struct SpeciesScores {
  torch::Tensor species_logits, blank_logits;  // [N, K] and [N], on the backend's device
};

class SpeciesBackend {
 public:
  virtual ~SpeciesBackend() = default;
  virtual torch::Device device() const = 0;
  virtual std::string name() const = 0;
  virtual SpeciesScores classify(const torch::Tensor& stills) = 0;
};

std::unique_ptr<SpeciesBackend> make_species_backend(const std::string& model_path, bool use_gpu);
