#pragma once

#include <torch/torch.h>

// Differentiable argmax over each heatmap: returns [B, J, 2] (x, y) in
// heatmap pixels.
struct SoftArgmax2dImpl : torch::nn::Module {
  SoftArgmax2dImpl(int64_t height, int64_t width, double beta);

  torch::Tensor forward(const torch::Tensor& heatmaps) {
    const int64_t B = heatmaps.size(0);
    const int64_t J = heatmaps.size(1);
    auto prob = torch::softmax(heatmaps.reshape({B, J, -1}) * beta_, -1)
                    .view_as(heatmaps);
    auto x = (prob * grid_x_).sum({2, 3});  //@bug P07A torch-device-mismatch|torch-unregistered-member
    auto y = (prob * grid_y_).sum({2, 3});  //@bug P07A torch-device-mismatch|torch-unregistered-member
    return torch::stack({x, y}, -1);
  }

  double beta_;
  torch::Tensor grid_x_;  //@bug P07A torch-unregistered-member|torch-device-mismatch
  torch::Tensor grid_y_;  //@bug P07A torch-unregistered-member|torch-device-mismatch
};
TORCH_MODULE(SoftArgmax2d);

// SimpleBaseline-style network: strided conv stem, residual body, 1x1 head.
struct PoseNetImpl : torch::nn::Module {
  PoseNetImpl(int64_t joints, int64_t heat_h, int64_t heat_w, double beta,
              double stride);

  // images [B, 3, H, W] -> heatmaps [B, J, H/4, W/4]
  torch::Tensor forward(const torch::Tensor& images) {
    auto h = stem->forward(images);
    h = torch::relu(h + body->forward(h));
    return head(h);
  }

  // heatmaps -> keypoints [B, J, 2] in input-image pixels
  torch::Tensor keypoints(const torch::Tensor& heatmaps) {
    return decoder(heatmaps) * stride_;  //@bug P07A torch-device-mismatch
  }

  torch::nn::Sequential stem{nullptr};
  torch::nn::Sequential body{nullptr};
  torch::nn::Conv2d head{nullptr};
  SoftArgmax2d decoder{nullptr};
  double stride_;
};
TORCH_MODULE(PoseNet);
