#include "posenet.h"

namespace nn = torch::nn;

SoftArgmax2dImpl::SoftArgmax2dImpl(int64_t height, int64_t width, double beta)
    : beta_(beta) {
  grid_x_ = torch::arange(width, torch::kFloat32).view({1, 1, 1, width});  //@bug P07A torch-unregistered-member|torch-device-mismatch|torch-factory-missing-device
  grid_y_ = torch::arange(height, torch::kFloat32).view({1, 1, height, 1});  //@bug P07A torch-unregistered-member|torch-device-mismatch|torch-factory-missing-device
}

static nn::Sequential conv_bn_relu(int64_t in, int64_t out, int64_t stride) {
  return nn::Sequential(
      nn::Conv2d(nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false)),
      nn::BatchNorm2d(out), nn::ReLU());
}

PoseNetImpl::PoseNetImpl(int64_t joints, int64_t heat_h, int64_t heat_w,
                         double beta, double stride)
    : stride_(stride) {
  stem = register_module("stem", nn::Sequential());
  stem->extend(*conv_bn_relu(3, 64, 2));
  stem->extend(*conv_bn_relu(64, 128, 2));
  stem->extend(*conv_bn_relu(128, 128, 1));
  body = register_module("body", nn::Sequential());
  body->extend(*conv_bn_relu(128, 128, 1));
  body->push_back(nn::Conv2d(nn::Conv2dOptions(128, 128, 3).padding(1).bias(false)));
  body->push_back(nn::BatchNorm2d(128));
  head = register_module("head", nn::Conv2d(nn::Conv2dOptions(128, joints, 1)));
  decoder = register_module("decoder", SoftArgmax2d(heat_h, heat_w, beta));
}
