#pragma once

#include <torch/torch.h>

#include <ostream>

class ConfusionMatrix {
 public:
  explicit ConfusionMatrix(int64_t num_classes);

  void reset();
  void update(const torch::Tensor& predictions, const torch::Tensor& targets);

  double accuracy() const;
  torch::Tensor per_class_recall() const;
  void print(std::ostream& os) const;

 private:
  int64_t num_classes_;
  torch::Tensor counts_;
};
