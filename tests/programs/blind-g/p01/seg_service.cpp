#include "seg_service.h"

#include <opencv2/imgproc.hpp>

namespace {

torch::Device pick_device() {
  if (torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCPU);
}

}  // namespace

RoadSegmenter::RoadSegmenter(const std::string& model_path, int input_w, int input_h)
    : device_(pick_device()),
      module_(torch::jit::load(model_path, device_)),
      input_w_(input_w),
      input_h_(input_h) {
  module_.eval();
}

torch::Tensor RoadSegmenter::preprocess(const cv::Mat& bgr_frame) const {
  cv::Mat resized, rgb, as_float;
  cv::resize(bgr_frame, resized, cv::Size(input_w_, input_h_), 0, 0, cv::INTER_LINEAR);
  cv::cvtColor(resized, rgb, cv::COLOR_BGR2RGB);
  rgb.convertTo(as_float, CV_32FC3, 1.0 / 255.0);

  // as_float is a local: permute().contiguous() copies out of it before it dies.
  torch::Tensor hwc = torch::from_blob(as_float.data, {input_h_, input_w_, 3}, torch::kFloat32);
  torch::Tensor chw = hwc.permute({2, 0, 1}).contiguous();
  const torch::Tensor mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  const torch::Tensor stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  return ((chw - mean) / stdv).unsqueeze(0).to(device_);
}

cv::Mat RoadSegmenter::segment(const cv::Mat& bgr_frame) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{preprocess(bgr_frame)};
  torch::Tensor logits = module_.forward(inputs).toTensor();  // [1, C, h, w]
  torch::Tensor labels = logits.argmax(1).squeeze(0).to(torch::kUInt8).contiguous();

  cv::Mat small(input_h_, input_w_, CV_8UC1, labels.data_ptr<uint8_t>());  //@bug P01A torch-host-read-device-tensor
  cv::Mat full;
  cv::resize(small, full, bgr_frame.size(), 0, 0, cv::INTER_NEAREST);
  return full;
}
