#pragma once

#include <torch/torch.h>

#include <vector>

namespace nn = torch::nn;

// VGG-16 convolutional trunk up to relu4_3; returns the activations after
// relu1_2, relu2_2, relu3_3 and relu4_3.
struct VGGFeaturesImpl : nn::Module {
  VGGFeaturesImpl() {
    const std::vector<std::vector<int64_t>> stages = {
        {3, 64, 64}, {64, 128, 128}, {128, 256, 256, 256}, {256, 512, 512, 512}};
    for (size_t s = 0; s < stages.size(); ++s) {
      nn::Sequential slice;
      if (s > 0) slice->push_back(nn::MaxPool2d(nn::MaxPool2dOptions(2).stride(2)));
      for (size_t c = 1; c < stages[s].size(); ++c) {
        slice->push_back(
            nn::Conv2d(nn::Conv2dOptions(stages[s][c - 1], stages[s][c], 3).padding(1)));
        slice->push_back(nn::ReLU(nn::ReLUOptions(true)));
      }
      slices.push_back(register_module("slice" + std::to_string(s + 1), slice));
    }
  }

  std::vector<torch::Tensor> forward(torch::Tensor x) {
    std::vector<torch::Tensor> feats;
    for (auto& slice : slices) {
      x = slice->forward(x);
      feats.push_back(x);
    }
    return feats;
  }

  std::vector<nn::Sequential> slices;
};
TORCH_MODULE(VGGFeatures);

struct ConvLayerImpl : nn::Module {
  ConvLayerImpl(int64_t in, int64_t out, int64_t k, int64_t stride)
      : pad(register_module("pad", nn::ReflectionPad2d(k / 2))),
        conv(register_module("conv", nn::Conv2d(nn::Conv2dOptions(in, out, k).stride(stride)))) {}
  torch::Tensor forward(const torch::Tensor& x) { return conv(pad(x)); }
  nn::ReflectionPad2d pad;
  nn::Conv2d conv;
};
TORCH_MODULE(ConvLayer);

struct ResidualBlockImpl : nn::Module {
  explicit ResidualBlockImpl(int64_t ch)
      : conv1(register_module("conv1", ConvLayer(ch, ch, 3, 1))),
        in1(register_module("in1", nn::InstanceNorm2d(nn::InstanceNorm2dOptions(ch).affine(true)))),
        conv2(register_module("conv2", ConvLayer(ch, ch, 3, 1))),
        in2(register_module("in2", nn::InstanceNorm2d(nn::InstanceNorm2dOptions(ch).affine(true)))) {}
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(in1(conv1(x)));
    return x + in2(conv2(h));
  }
  ConvLayer conv1;
  nn::InstanceNorm2d in1;
  ConvLayer conv2;
  nn::InstanceNorm2d in2;
};
TORCH_MODULE(ResidualBlock);

// Image transformation network: downsample x4, five residual blocks, upsample.
struct TransformerNetImpl : nn::Module {
  TransformerNetImpl() {
    down = register_module("down", nn::Sequential(
        ConvLayer(3, 32, 9, 1), nn::InstanceNorm2d(nn::InstanceNorm2dOptions(32).affine(true)), nn::ReLU(),
        ConvLayer(32, 64, 3, 2), nn::InstanceNorm2d(nn::InstanceNorm2dOptions(64).affine(true)), nn::ReLU(),
        ConvLayer(64, 128, 3, 2), nn::InstanceNorm2d(nn::InstanceNorm2dOptions(128).affine(true)), nn::ReLU()));
    res = register_module("res", nn::Sequential());
    for (int i = 0; i < 5; ++i) res->push_back(ResidualBlock(128));
    up1 = register_module("up1", ConvLayer(128, 64, 3, 1));
    in_up1 = register_module("in_up1", nn::InstanceNorm2d(nn::InstanceNorm2dOptions(64).affine(true)));
    up2 = register_module("up2", ConvLayer(64, 32, 3, 1));
    in_up2 = register_module("in_up2", nn::InstanceNorm2d(nn::InstanceNorm2dOptions(32).affine(true)));
    out = register_module("out", ConvLayer(32, 3, 9, 1));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    namespace F = torch::nn::functional;
    const auto up = F::InterpolateFuncOptions().scale_factor(std::vector<double>{2.0, 2.0}).mode(torch::kNearest);
    auto h = res->forward(down->forward(x));
    h = torch::relu(in_up1(up1(F::interpolate(h, up))));
    h = torch::relu(in_up2(up2(F::interpolate(h, up))));
    return torch::sigmoid(out(h));
  }

  nn::Sequential down{nullptr}, res{nullptr};
  ConvLayer up1{nullptr}, up2{nullptr}, out{nullptr};
  nn::InstanceNorm2d in_up1{nullptr}, in_up2{nullptr};
};
TORCH_MODULE(TransformerNet);
