#pragma once

#include <torch/torch.h>

class TabularMLPImpl : public torch::nn::Module {
 public:
  TabularMLPImpl(int64_t in_features, int64_t hidden, int64_t classes)
      : input_(register_module("input", torch::nn::Linear(in_features, hidden))),
        norm_(register_module("norm", torch::nn::BatchNorm1d(hidden))),
        hidden_(register_module("hidden", torch::nn::Linear(hidden, hidden))),
        dropout_(register_module("dropout", torch::nn::Dropout(0.2))),
        output_(register_module("output", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::gelu(norm_->forward(input_->forward(x)));
    x = dropout_->forward(torch::gelu(hidden_->forward(x)));
    return output_->forward(x);
  }

 private:
  torch::nn::Linear input_;
  torch::nn::BatchNorm1d norm_;
  torch::nn::Linear hidden_;
  torch::nn::Dropout dropout_;
  torch::nn::Linear output_;
};
TORCH_MODULE(TabularMLP);
