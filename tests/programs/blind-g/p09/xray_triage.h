#pragma once

#include <opencv2/core.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

struct TriageResult {
  std::string study_id;
  std::vector<float> finding_probs;  // pneumothorax, effusion, consolidation, nodule
  bool urgent = false;
};

// Emergency-department chest X-ray triage: scores each frontal radiograph and
// moves studies with a likely pneumothorax to the top of the reading list.
class XrayTriage {
 public:
  XrayTriage(const std::string& model_path, float urgent_threshold);
  TriageResult score(const std::string& study_id, const cv::Mat& gray16);

 private:
  torch::Tensor preprocess(const cv::Mat& gray16);

  torch::Device device_;
  torch::jit::script::Module model_;
  float urgent_threshold_;
  cv::Mat work_;  // float32 side x side buffer reused across studies
  static constexpr int kSide = 512;
};
