#pragma once

#include <torch/torch.h>

struct CondGeneratorImpl : torch::nn::Module {
  CondGeneratorImpl(int64_t z_dim, int64_t num_classes, int64_t width,
                    int64_t channels)
      : label_emb(register_module("label_emb",
                                  torch::nn::Embedding(num_classes, z_dim))),
        fc(register_module("fc", torch::nn::Linear(2 * z_dim, 2 * width * 7 * 7))),
        up(register_module(
            "up",
            torch::nn::Sequential(
                torch::nn::BatchNorm2d(2 * width), torch::nn::ReLU(),
                torch::nn::ConvTranspose2d(
                    torch::nn::ConvTranspose2dOptions(2 * width, width, 4).stride(2).padding(1)),
                torch::nn::BatchNorm2d(width), torch::nn::ReLU(),
                torch::nn::ConvTranspose2d(
                    torch::nn::ConvTranspose2dOptions(width, channels, 4).stride(2).padding(1)),
                torch::nn::Tanh()))),
        width_(width) {}

  torch::Tensor forward(const torch::Tensor& z, const torch::Tensor& labels) {
    auto h = torch::cat({z, label_emb->forward(labels)}, 1);
    h = fc->forward(h).view({-1, 2 * width_, 7, 7});
    return up->forward(h);
  }

  torch::nn::Embedding label_emb;
  torch::nn::Linear fc;
  torch::nn::Sequential up;
  int64_t width_;
};
TORCH_MODULE(CondGenerator);
