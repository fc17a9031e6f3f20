#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

struct BladeDefect {
  int frame = 0;
  cv::Rect2f box;
  float score = 0.0f;
  int kind = 0;  // 0 leading-edge erosion, 1 crack, 2 lightning damage, 3 delamination
};

// Inspects drone video of wind-turbine blades with an SSD-style detector that
// predicts box offsets relative to a fixed anchor grid.
class BladeInspector {
 public:
  BladeInspector(const std::string& model_path, float score_threshold);
  std::vector<BladeDefect> inspect(const std::vector<cv::Mat>& frames, int first_frame_index);

 private:
  static torch::Tensor make_anchors(int side, const std::vector<int>& strides, const std::vector<float>& scales);

  torch::Device device_;
  torch::jit::script::Module model_;
  torch::Tensor anchors_;    // [A, 4] cx, cy, w, h in input pixels (host)
  torch::Tensor variances_;  // [4] (host)
  float score_threshold_;
  static constexpr int kSide = 512;
};
