#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted solder-joint network: forward(crops: Tensor[N, 1, 64, 64]) ->
//   Tuple[Tensor (defect logits [N, 6]), Tensor (unit-norm embeddings [N, 128])]
struct JointScores {
  torch::Tensor logits, embeddings;
};

class JointClassifier {
 public:
  virtual ~JointClassifier() = default;
  virtual torch::Device device() const = 0;
  virtual JointScores score(const torch::Tensor& crops) = 0;  // crops on the host
};

std::unique_ptr<JointClassifier> open_classifier(const std::string& path, bool use_cuda);
