#pragma once

#include <torch/torch.h>

// Critic D(x, y): the class label is broadcast to one-hot planes and stacked
// on the image channels.
class CriticImpl : public torch::nn::Module {
 public:
  CriticImpl(int64_t channels, int64_t num_classes, int64_t width);

  torch::Tensor forward(const torch::Tensor& images, const torch::Tensor& labels);

  int64_t num_classes() const { return num_classes_; }

 private:
  int64_t num_classes_;
  torch::nn::Sequential body_{nullptr};
  torch::nn::Linear head_{nullptr};
};
TORCH_MODULE(Critic);
