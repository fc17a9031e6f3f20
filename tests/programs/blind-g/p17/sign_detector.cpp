#include "sign_detector.h"

#include <opencv2/imgproc.hpp>

SignDetector::SignDetector(const std::string& model_path, torch::Device device)
    : device_(device), model_(torch::jit::load(model_path, device)) {
  model_.eval();
}

torch::Tensor box_iou(const torch::Tensor& a, const torch::Tensor& b) {
  torch::Tensor area_a = (a.select(1, 2) - a.select(1, 0)) * (a.select(1, 3) - a.select(1, 1));
  torch::Tensor area_b = (b.select(1, 2) - b.select(1, 0)) * (b.select(1, 3) - b.select(1, 1));
  torch::Tensor lt = torch::max(a.slice(1, 0, 2).unsqueeze(1), b.slice(1, 0, 2).unsqueeze(0));
  torch::Tensor rb = torch::min(a.slice(1, 2, 4).unsqueeze(1), b.slice(1, 2, 4).unsqueeze(0));
  torch::Tensor wh = (rb - lt).clamp_min(0.0);
  torch::Tensor inter = wh.select(2, 0) * wh.select(2, 1);
  return inter / (area_a.unsqueeze(1) + area_b.unsqueeze(0) - inter + 1e-9);
}

std::vector<SignBox> SignDetector::detect(const cv::Mat& bgr, float conf_thr, float iou_thr) {
  cv::Mat resized;
  cv::resize(bgr, resized, cv::Size(640, 640), 0, 0, cv::INTER_LINEAR);
  cv::cvtColor(resized, resized, cv::COLOR_BGR2RGB);
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::from_blob(resized.data, {1, 640, 640, 3}, torch::kUInt8)
                        .to(device_)
                        .permute({0, 3, 1, 2})
                        .to(torch::kFloat32)
                        .div(255.0);
  torch::Tensor pred = model_.forward({x}).toTensor().squeeze(0);  // [N, 5 + K]

  torch::Tensor cls_scores = pred.slice(1, 5) * pred.select(1, 4).unsqueeze(1);
  std::tuple<torch::Tensor, torch::Tensor> best = cls_scores.max(1);
  std::tuple<torch::Tensor, torch::Tensor> sorted = std::get<0>(best).sort(0, /*descending=*/true);
  torch::Tensor scores = std::get<0>(sorted);
  torch::Tensor order = std::get<1>(sorted);
  torch::Tensor classes = std::get<1>(best).index_select(0, order);
  torch::Tensor cxcywh = pred.slice(1, 0, 4).index_select(0, order);
  torch::Tensor xyxy = torch::cat({cxcywh.slice(1, 0, 2) - cxcywh.slice(1, 2, 4) / 2,
                                   cxcywh.slice(1, 0, 2) + cxcywh.slice(1, 2, 4) / 2}, 1);

  int64_t n = 0;
  for (int64_t i = 0; i < scores.size(0); ++i) {
    if (scores[i].item<float>() < conf_thr) break;  //@bug P17A torch-device-access-in-loop
    ++n;
  }
  torch::Tensor iou = box_iou(xyxy.slice(0, 0, n), xyxy.slice(0, 0, n));

  std::vector<bool> removed(static_cast<size_t>(n), false);
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < n; ++i) {
    if (removed[static_cast<size_t>(i)]) continue;
    keep.push_back(i);
    for (int64_t j = i + 1; j < n; ++j) {
      if (iou[i][j].item<float>() > iou_thr) removed[static_cast<size_t>(j)] = true;  //@bug P17B torch-device-access-in-loop
    }
  }

  torch::Tensor keep_t = torch::tensor(keep).to(device_);
  torch::Tensor rows = torch::cat({xyxy.index_select(0, keep_t), scores.index_select(0, keep_t).unsqueeze(1),
                                   classes.index_select(0, keep_t).unsqueeze(1).to(torch::kFloat32)}, 1).cpu();
  auto r = rows.accessor<float, 2>();
  const float sx = bgr.cols / 640.0f, sy = bgr.rows / 640.0f;
  std::vector<SignBox> out;
  for (int64_t k = 0; k < rows.size(0); ++k) {
    SignBox s;
    s.box = cv::Rect2f(r[k][0] * sx, r[k][1] * sy, (r[k][2] - r[k][0]) * sx, (r[k][3] - r[k][1]) * sy);
    s.score = r[k][4];
    s.cls = static_cast<int64_t>(r[k][5]);
    out.push_back(s);
  }
  return out;
}
