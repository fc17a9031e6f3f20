#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

// Semantic segmentation of dash-cam frames into road-scene classes
// (road, sidewalk, lane marking, vehicle, pedestrian, background).
class RoadSegmenter {
 public:
  RoadSegmenter(const std::string& model_path, int input_w, int input_h);

  // Returns a CV_8UC1 label image with the size of the input frame.
  cv::Mat segment(const cv::Mat& bgr_frame);

  const torch::Device& device() const { return device_; }

 private:
  torch::Tensor preprocess(const cv::Mat& bgr_frame) const;

  torch::Device device_;
  torch::jit::script::Module module_;
  int input_w_;
  int input_h_;
};
