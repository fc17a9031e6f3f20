#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted morphology network (trained on Galaxy Zoo 2 vote fractions):
//   morphology(images: Tensor[N, 3, S, S] float32)
//     -> (Tensor[N, 37] answer logits, grouped by question,
//         Tensor[N, 128] embedding for the similarity search)
struct MorphOutput {
  torch::Tensor answer_logits, embedding;
};

class MorphBackend {
 public:
  virtual ~MorphBackend() = default;
  virtual torch::Device device() const = 0;
  virtual MorphOutput predict(const torch::Tensor& images) = 0;
};

std::unique_ptr<MorphBackend> make_morph_backend(const std::string& path, bool allow_gpu);
