#include "detector.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <numeric>

ShelfDetector::ShelfDetector(const DetectorConfig& cfg)
    : cfg_(cfg),
      device_(!cfg.force_cpu && torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {
  module_ = torch::jit::load(cfg_.model_path);
  module_.to(device_);
  module_.eval();
}

torch::Tensor ShelfDetector::letterbox(const cv::Mat& bgr, float& scale, cv::Point2f& pad) const {
  const int side = cfg_.input_side;
  scale = std::min(side / static_cast<float>(bgr.cols), side / static_cast<float>(bgr.rows));
  cv::Mat resized;
  cv::resize(bgr, resized, cv::Size(), scale, scale, cv::INTER_AREA);
  pad = cv::Point2f((side - resized.cols) / 2.0f, (side - resized.rows) / 2.0f);
  cv::Mat canvas(side, side, CV_8UC3, cv::Scalar(114, 114, 114));
  resized.copyTo(canvas(cv::Rect(static_cast<int>(pad.x), static_cast<int>(pad.y), resized.cols, resized.rows)));
  cv::cvtColor(canvas, canvas, cv::COLOR_BGR2RGB);
  torch::Tensor t = torch::from_blob(canvas.data, {side, side, 3}, torch::kUInt8);
  return t.permute({2, 0, 1}).to(torch::kFloat32).div(255.0).unsqueeze(0);
}

std::vector<Detection> ShelfDetector::detect(const cv::Mat& bgr) {
  torch::NoGradGuard no_grad;
  float scale = 1.0f;
  cv::Point2f pad;
  torch::Tensor input = letterbox(bgr, scale, pad).to(device_);

  auto outputs = module_.forward({input}).toTuple();
  torch::Tensor boxes = outputs->elements()[0].toTensor().squeeze(0);  // [N, 4]
  torch::Tensor probs = outputs->elements()[1].toTensor().squeeze(0);  // [N, K]
  std::tuple<torch::Tensor, torch::Tensor> best = probs.max(1);
  torch::Tensor scores = std::get<0>(best);
  torch::Tensor classes = std::get<1>(best);

  torch::Tensor keep = scores > cfg_.score_threshold;
  torch::Tensor rows = torch::cat({boxes.index({keep}), scores.index({keep}).unsqueeze(1)}, 1).contiguous();
  classes = classes.index({keep}).contiguous();

  auto acc = rows.accessor<float, 2>();  //@bug P02A torch-host-read-device-tensor
  const int64_t n = rows.size(0);
  std::vector<int64_t> sku(static_cast<size_t>(n));
  const int64_t* cls = classes.data_ptr<int64_t>();  //@bug P02B torch-host-read-device-tensor
  std::copy(cls, cls + n, sku.begin());

  std::vector<cv::Rect2f> rects;
  std::vector<float> conf;
  for (int64_t i = 0; i < n; ++i) {
    const float x1 = (acc[i][0] - pad.x) / scale;
    const float y1 = (acc[i][1] - pad.y) / scale;
    const float x2 = (acc[i][2] - pad.x) / scale;
    const float y2 = (acc[i][3] - pad.y) / scale;
    rects.emplace_back(x1, y1, x2 - x1, y2 - y1);
    conf.push_back(acc[i][4]);
  }

  std::vector<Detection> result;
  for (size_t k : greedy_nms(rects, conf, cfg_.iou_threshold)) {
    result.push_back({rects[k], conf[k], sku[k]});
  }
  return result;
}
