#include "critic.h"

namespace F = torch::nn::functional;

CriticImpl::CriticImpl(int64_t channels, int64_t num_classes, int64_t width)
    : num_classes_(num_classes) {
  using torch::nn::Conv2d;
  using torch::nn::Conv2dOptions;
  using torch::nn::LeakyReLU;
  using torch::nn::LeakyReLUOptions;
  body_ = register_module(
      "body",
      torch::nn::Sequential(
          Conv2d(Conv2dOptions(channels + num_classes, width, 4).stride(2).padding(1)),
          LeakyReLU(LeakyReLUOptions().negative_slope(0.2)),
          Conv2d(Conv2dOptions(width, 2 * width, 4).stride(2).padding(1)),
          LeakyReLU(LeakyReLUOptions().negative_slope(0.2)),
          Conv2d(Conv2dOptions(2 * width, 4 * width, 3).stride(2).padding(1)),
          LeakyReLU(LeakyReLUOptions().negative_slope(0.2)),
          torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten()));
  head_ = register_module("head", torch::nn::Linear(4 * width, 1));
}

torch::Tensor CriticImpl::forward(const torch::Tensor& images,
                                  const torch::Tensor& labels) {
  const int64_t h = images.size(2);
  const int64_t w = images.size(3);
  auto onehot = F::one_hot(labels, num_classes_).to(images.scalar_type());
  auto planes = onehot.view({-1, num_classes_, 1, 1})
                    .expand({-1, num_classes_, h, w});
  auto x = torch::cat({images, planes}, 1);  //@bug P09A torch-device-mismatch
  return head_->forward(body_->forward(x)).squeeze(1);
}
