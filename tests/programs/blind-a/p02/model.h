#pragma once
#include <torch/torch.h>

// Tiny fully convolutional segmenter: conv encoder, 1x1 classifier, bilinear upsample.
class TinySegNetImpl : public torch::nn::Module {
 public:
  TinySegNetImpl(int64_t in_channels, int64_t num_classes) {
    enc1_ = register_module("enc1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, 16, 3).padding(1)));
    enc2_ = register_module("enc2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).stride(2).padding(1)));
    head_ = register_module("head", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, num_classes, 1)));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(enc1_->forward(x));
    h = torch::relu(enc2_->forward(h));
    auto logits = head_->forward(h);
    return torch::nn::functional::interpolate(
        logits, torch::nn::functional::InterpolateFuncOptions()
                    .size(std::vector<int64_t>{x.size(2), x.size(3)})
                    .mode(torch::kBilinear)
                    .align_corners(false));
  }

 private:
  torch::nn::Conv2d enc1_{nullptr}, enc2_{nullptr}, head_{nullptr};
};
TORCH_MODULE(TinySegNet);
