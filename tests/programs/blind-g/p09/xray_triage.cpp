#include "xray_triage.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

XrayTriage::XrayTriage(const std::string& model_path, float urgent_threshold)
    : device_(torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU)),
      urgent_threshold_(urgent_threshold) {
  model_ = torch::jit::load(model_path, device_);
  model_.eval();
}

torch::Tensor XrayTriage::preprocess(const cv::Mat& gray16) {
  // Window the 12-bit detector values, then resize to the network input.
  double lo = 0.0, hi = 0.0;
  cv::minMaxLoc(gray16, &lo, &hi);
  cv::Mat f;
  gray16.convertTo(f, CV_32F, 1.0 / std::max(hi - lo, 1.0), -lo / std::max(hi - lo, 1.0));
  cv::resize(f, work_, cv::Size(kSide, kSide), 0, 0, cv::INTER_AREA);
  cv::Ptr<cv::CLAHE> clahe = cv::createCLAHE(2.0, cv::Size(8, 8));
  cv::Mat u8;
  work_.convertTo(u8, CV_8U, 255.0);
  clahe->apply(u8, u8);
  u8.convertTo(work_, CV_32F, 1.0 / 255.0);

  torch::Tensor x = torch::from_blob(work_.data, {1, 1, kSide, kSide},  //@bug P09A torch-from-blob-device
                                     torch::TensorOptions().dtype(torch::kFloat32).device(device_));
  return (x - 0.5) / 0.25;
}

TriageResult XrayTriage::score(const std::string& study_id, const cv::Mat& gray16) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = preprocess(gray16);
  torch::Tensor probs = torch::sigmoid(model_.forward({x}).toTensor()).cpu();  // [1, 4]
  auto p = probs.accessor<float, 2>();
  TriageResult r;
  r.study_id = study_id;
  for (int64_t k = 0; k < probs.size(1); ++k) r.finding_probs.push_back(p[0][k]);
  r.urgent = p[0][0] >= urgent_threshold_;
  return r;
}
