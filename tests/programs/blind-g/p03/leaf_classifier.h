#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

struct LeafDiagnosis {
  std::vector<float> probabilities;  // one per disease class
  std::vector<float> embedding;      // 256-d, for the field-visit similarity search
  int64_t top_class = -1;
};

// Crop-leaf disease classifier (TorchScript, methods "forward" and "embed").
class LeafClassifier {
 public:
  LeafClassifier(const std::string& model_path, bool allow_gpu);
  LeafDiagnosis diagnose(const cv::Mat& bgr);
  torch::Device device() const { return device_; }

 private:
  torch::Tensor to_input(const cv::Mat& bgr) const;

  torch::Device device_;
  torch::jit::script::Module module_;
};

// Summary helpers (stats.cpp).
float l2_norm(const torch::Tensor& v);
torch::Tensor class_histogram(const std::vector<LeafDiagnosis>& diagnoses, int64_t num_classes);
