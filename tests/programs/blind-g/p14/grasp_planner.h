#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

struct GraspPose {
  cv::Point2f pixel;
  float angle_rad = 0.0f;
  float width_px = 0.0f;
  float quality = 0.0f;
  float depth_m = 0.0f;
};

// Bin-picking cell: a GG-CNN style network predicts per-pixel grasp quality,
// angle (as cos 2t, sin 2t) and gripper width from a 300x300 RGB-D crop.
// The cell's controller has a fixed GPU.
class GraspPlanner {
 public:
  explicit GraspPlanner(const std::string& model_path);
  GraspPose plan(const cv::Mat& bgr, const cv::Mat& depth_mm);

 private:
  static constexpr int kSide = 300;
  const torch::Device device_{torch::kCUDA, 0};
  torch::jit::script::Module net_;
};
