#include "heatmap_peaks.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <torch/script.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>

// Ergonomics checker for assembly-line workers: estimates 17 body joints per
// camera snapshot and flags back flexion beyond a threshold.
class PoseEstimator {
 public:
  explicit PoseEstimator(const std::string& model_path)
      : device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {
    model_ = torch::jit::load(model_path);
    model_.to(device_);
    model_.eval();
  }

  std::vector<Keypoint> estimate(const cv::Mat& person_crop) {
    cv::Mat resized, rgb, f;
    cv::resize(person_crop, resized, cv::Size(kInW, kInH));
    cv::cvtColor(resized, rgb, cv::COLOR_BGR2RGB);
    rgb.convertTo(f, CV_32FC3, 1.0 / 255.0);
    torch::Tensor x = torch::from_blob(f.data, {1, kInH, kInW, 3}, torch::kFloat32)
                          .permute({0, 3, 1, 2})
                          .contiguous()
                          .to(device_);
    torch::NoGradGuard no_grad;
    torch::Tensor heatmaps = model_.forward({x}).toTensor().squeeze(0).contiguous();  // [17, 64, 48]
    std::vector<Keypoint> kps = decode_peaks(heatmaps, static_cast<float>(kInW) / heatmaps.size(2));
    const float sx = static_cast<float>(person_crop.cols) / kInW;
    const float sy = static_cast<float>(person_crop.rows) / kInH;
    for (Keypoint& kp : kps) {
      kp.x *= sx;
      kp.y *= sy;
    }
    return kps;
  }

 private:
  static constexpr int kInW = 192;
  static constexpr int kInH = 256;
  torch::Device device_;
  torch::jit::script::Module model_;
};

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: ergo_check POSE.pt CROP...\n";
    return 2;
  }
  PoseEstimator estimator(argv[1]);
  constexpr int kShoulderL = 5, kHipL = 11, kKneeL = 13;
  for (int i = 2; i < argc; ++i) {
    cv::Mat crop = cv::imread(argv[i], cv::IMREAD_COLOR);
    if (crop.empty()) continue;
    const std::vector<Keypoint> kps = estimator.estimate(crop);
    const cv::Point2f shoulder(kps[kShoulderL].x, kps[kShoulderL].y);
    const cv::Point2f hip(kps[kHipL].x, kps[kHipL].y);
    const cv::Point2f knee(kps[kKneeL].x, kps[kKneeL].y);
    const cv::Point2f a = shoulder - hip, b = knee - hip;
    const double cosang = a.dot(b) / (cv::norm(a) * cv::norm(b) + 1e-6);
    const double flexion = 180.0 - std::acos(std::max(-1.0, std::min(1.0, cosang))) * 180.0 / CV_PI;
    std::cout << argv[i] << ": trunk flexion " << flexion << " deg"
              << (flexion > 60.0 ? "  <-- check posture" : "") << "\n";
  }
  return 0;
}
