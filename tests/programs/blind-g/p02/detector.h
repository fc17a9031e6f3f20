#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

struct Detection {
  cv::Rect2f box;
  float score;
  int64_t sku;
};

struct DetectorConfig {
  std::string model_path;
  int input_side = 640;
  float score_threshold = 0.35f;
  float iou_threshold = 0.5f;
  bool force_cpu = false;
};

// Product detector for shelf-audit photos: a TorchScript model that returns
// (boxes [1, N, 4] in letterboxed xyxy pixels, class probabilities [1, N, K]).
class ShelfDetector {
 public:
  explicit ShelfDetector(const DetectorConfig& cfg);
  std::vector<Detection> detect(const cv::Mat& bgr);
  torch::Device device() const { return device_; }

 private:
  torch::Tensor letterbox(const cv::Mat& bgr, float& scale, cv::Point2f& pad) const;

  DetectorConfig cfg_;
  torch::Device device_;
  torch::jit::script::Module module_;
};

std::vector<size_t> greedy_nms(const std::vector<cv::Rect2f>& boxes,
                               const std::vector<float>& scores, float iou_threshold);
