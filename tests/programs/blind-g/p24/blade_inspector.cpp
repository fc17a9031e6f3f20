#include "blade_inspector.h"

#include <opencv2/imgproc.hpp>

#include <cmath>

BladeInspector::BladeInspector(const std::string& model_path, float score_threshold)
    : device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
      model_(torch::jit::load(model_path, device_)),
      anchors_(make_anchors(kSide, {8, 16, 32, 64}, {24.0f, 48.0f, 96.0f, 192.0f})),
      variances_(torch::tensor({0.1f, 0.1f, 0.2f, 0.2f})),
      score_threshold_(score_threshold) {
  model_.eval();
}

torch::Tensor BladeInspector::make_anchors(int side, const std::vector<int>& strides, const std::vector<float>& scales) {
  std::vector<float> a;
  for (size_t level = 0; level < strides.size(); ++level) {
    const int cells = side / strides[level];
    for (int r = 0; r < cells; ++r) {
      for (int c = 0; c < cells; ++c) {
        for (float aspect : {0.5f, 1.0f, 2.0f}) {
          a.insert(a.end(), {(c + 0.5f) * strides[level], (r + 0.5f) * strides[level],
                             scales[level] * std::sqrt(aspect), scales[level] / std::sqrt(aspect)});
        }
      }
    }
  }
  return torch::tensor(a).view({-1, 4});
}

std::vector<BladeDefect> BladeInspector::inspect(const std::vector<cv::Mat>& frames, int first_frame_index) {
  torch::NoGradGuard no_grad;
  std::vector<BladeDefect> found;
  int frame_index = first_frame_index;
  for (const cv::Mat& frame : frames) {
    cv::Mat resized;
    cv::resize(frame, resized, cv::Size(kSide, kSide), 0, 0, cv::INTER_AREA);
    cv::cvtColor(resized, resized, cv::COLOR_BGR2RGB);
    torch::Tensor x = torch::from_blob(resized.data, {1, kSide, kSide, 3}, torch::kUInt8)
                          .to(device_)
                          .permute({0, 3, 1, 2})
                          .to(torch::kFloat32)
                          .div(127.5)
                          .sub(1.0);
    auto out = model_.forward({x}).toTuple();
    torch::Tensor loc = out->elements()[0].toTensor().squeeze(0);                  // [A, 4]
    torch::Tensor conf = out->elements()[1].toTensor().squeeze(0).softmax(-1);     // [A, 5], class 0 = background

    torch::Tensor anchors = anchors_.to(device_);  //@bug P24A torch-device-access-in-loop
    torch::Tensor var = variances_.to(device_);  //@bug P24B torch-device-access-in-loop
    torch::Tensor cxcy = anchors.slice(1, 0, 2) + loc.slice(1, 0, 2) * var.slice(0, 0, 2) * anchors.slice(1, 2, 4);
    torch::Tensor wh = anchors.slice(1, 2, 4) * torch::exp(loc.slice(1, 2, 4) * var.slice(0, 2, 4));
    torch::Tensor boxes = torch::cat({cxcy - wh / 2, cxcy + wh / 2}, 1);

    std::tuple<torch::Tensor, torch::Tensor> best = conf.slice(1, 1).max(1);
    torch::Tensor keep = std::get<0>(best) > score_threshold_;
    torch::Tensor rows = torch::cat({boxes.index({keep}), std::get<0>(best).index({keep}).unsqueeze(1),
                                     std::get<1>(best).index({keep}).unsqueeze(1).to(torch::kFloat32)}, 1).cpu();
    auto r = rows.accessor<float, 2>();
    const float sx = static_cast<float>(frame.cols) / kSide, sy = static_cast<float>(frame.rows) / kSide;
    for (int64_t k = 0; k < rows.size(0); ++k) {
      BladeDefect d;
      d.frame = frame_index;
      d.box = cv::Rect2f(r[k][0] * sx, r[k][1] * sy, (r[k][2] - r[k][0]) * sx, (r[k][3] - r[k][1]) * sy);
      d.score = r[k][4];
      d.kind = static_cast<int>(r[k][5]);
      found.push_back(d);
    }
    ++frame_index;
  }
  return found;
}
