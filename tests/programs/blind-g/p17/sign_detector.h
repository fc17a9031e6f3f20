#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

struct SignBox {
  cv::Rect2f box;
  float score = 0.0f;
  int64_t cls = 0;  // speed limit 30/50/70, stop, yield, no entry, ...
};

// Traffic-sign detector for the municipal sign-inventory survey van. The
// scripted model returns raw predictions [N, 5 + K]: cx, cy, w, h, objectness,
// then K class scores, in 640x640 input pixels.
class SignDetector {
 public:
  SignDetector(const std::string& model_path, torch::Device device);
  std::vector<SignBox> detect(const cv::Mat& bgr, float conf_thr, float iou_thr);

 private:
  torch::Device device_;
  torch::jit::script::Module model_;
};

torch::Tensor box_iou(const torch::Tensor& a, const torch::Tensor& b);
