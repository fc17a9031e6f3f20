#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <array>
#include <string>

enum class Grade { kExtra = 0, kClassI = 1, kClassII = 2, kReject = 3 };

// Grades apples on the packing-house sorting line from the top camera image
// plus the load-cell weight and the near-infrared brix estimate.
class FruitGrader {
 public:
  FruitGrader(const std::string& model_path, torch::Device device);
  Grade grade(const cv::Mat& bgr, float weight_g, float brix);

 private:
  torch::Tensor image_tensor(const cv::Mat& bgr) const;
  torch::Tensor side_features(float weight_g, float brix) const;

  torch::Device device_;
  torch::jit::script::Module model_;
  torch::Tensor mean_;
  torch::Tensor inv_std_;
};
