#pragma once
#include <torch/torch.h>

// 1-D CNN over sensor windows.
class SensorNetImpl : public torch::nn::Module {
 public:
  SensorNetImpl(int64_t channels, int64_t classes)
      : conv_(register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(channels, 8, 3).padding(1)))),
        fc_(register_module("fc", torch::nn::Linear(8, classes))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(conv_->forward(x));
    h = h.mean(2);
    return torch::log_softmax(fc_->forward(h), 1);
  }

 private:
  torch::nn::Conv1d conv_;
  torch::nn::Linear fc_;
};
TORCH_MODULE(SensorNet);
