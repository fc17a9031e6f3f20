// A trainer class declared here, its member functions defined in two files.
#pragma once
#include <torch/torch.h>

class Trainer {
public:
  explicit Trainer(torch::Device Device);
  torch::Tensor makeLabels(int64_t N) const;
  torch::Tensor step(torch::Tensor Input);

private:
  torch::Device Device;
  torch::nn::Linear Model{4, 10};
};
