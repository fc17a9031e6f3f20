#include "fruit_grader.h"

#include <opencv2/imgproc.hpp>

#include <vector>

FruitGrader::FruitGrader(const std::string& model_path, torch::Device device)
    : device_(device), model_(torch::jit::load(model_path, device)) {
  model_.eval();
  float mean[3] = {0.52f, 0.41f, 0.30f};
  float stdv[3] = {0.21f, 0.20f, 0.19f};
  // Explicit host wrap, cloned before the arrays go out of scope, then moved.
  mean_ = torch::from_blob(mean, {1, 3, 1, 1}, torch::TensorOptions().dtype(torch::kFloat32).device(torch::kCPU))
              .clone()
              .to(device_);
  inv_std_ = torch::from_blob(stdv, {1, 3, 1, 1}, torch::kFloat32).reciprocal().to(device_);
}

torch::Tensor FruitGrader::image_tensor(const cv::Mat& bgr) const {
  cv::Mat resized, rgb;
  cv::resize(bgr, resized, cv::Size(256, 256), 0, 0, cv::INTER_AREA);
  cv::cvtColor(resized, rgb, cv::COLOR_BGR2RGB);
  torch::Tensor u8 = torch::from_blob(rgb.data, {1, 256, 256, 3}, torch::kUInt8).to(device_);
  torch::Tensor x = u8.permute({0, 3, 1, 2}).to(torch::kFloat32).div(255.0);
  return (x - mean_) * inv_std_;
}

torch::Tensor FruitGrader::side_features(float weight_g, float brix) const {
  std::vector<float> feats = {weight_g / 250.0f, brix / 15.0f, weight_g > 180.0f ? 1.0f : 0.0f};
  const auto host_opts = torch::TensorOptions().dtype(torch::kFloat32);
  return torch::from_blob(feats.data(), {1, static_cast<int64_t>(feats.size())}, host_opts).to(device_);
}

Grade FruitGrader::grade(const cv::Mat& bgr, float weight_g, float brix) {
  if (weight_g < 90.0f) return Grade::kReject;  // undersized fruit is rejected by rule
  torch::NoGradGuard no_grad;
  torch::Tensor logits = model_.forward({image_tensor(bgr), side_features(weight_g, brix)}).toTensor();
  return static_cast<Grade>(logits.argmax(1).item<int64_t>());
}
