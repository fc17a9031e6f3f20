#include "grasp_planner.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>

#include <cmath>

GraspPlanner::GraspPlanner(const std::string& model_path) : net_(torch::jit::load(model_path, device_)) {
  net_.eval();
}

GraspPose GraspPlanner::plan(const cv::Mat& bgr, const cv::Mat& depth_mm) {
  // Depth: uint16 millimetres -> float metres, holes filled by inpainting.
  cv::Mat holes = (depth_mm == 0);
  cv::Mat depth_m, depth_small;
  depth_mm.convertTo(depth_m, CV_32F, 0.001);
  cv::Mat depth_u8, filled_u8;
  depth_m.convertTo(depth_u8, CV_8U, 255.0 / 2.0);
  cv::inpaint(depth_u8, holes, filled_u8, 3, cv::INPAINT_NS);
  cv::Mat filled;
  filled_u8.convertTo(filled, CV_32F, 2.0 / 255.0);
  filled.copyTo(depth_m, holes);
  cv::resize(depth_m, depth_small, cv::Size(kSide, kSide), 0, 0, cv::INTER_NEAREST);
  const float centre = static_cast<float>(cv::mean(depth_small)[0]);

  cv::Mat rgb_small;
  cv::resize(bgr, rgb_small, cv::Size(kSide, kSide), 0, 0, cv::INTER_AREA);
  cv::cvtColor(rgb_small, rgb_small, cv::COLOR_BGR2RGB);

  torch::NoGradGuard no_grad;
  torch::Tensor depth = torch::from_blob(depth_small.ptr<float>(), {1, 1, kSide, kSide},  //@bug P14A torch-from-blob-device
                                         torch::TensorOptions().dtype(torch::kFloat32).device(device_));
  torch::Tensor rgb = torch::from_blob(rgb_small.data, {1, kSide, kSide, 3}, torch::kUInt8)
                          .to(device_)
                          .permute({0, 3, 1, 2})
                          .to(torch::kFloat32)
                          .div(255.0);
  torch::Tensor x = torch::cat({rgb - 0.5, (depth - centre).clamp(-0.5, 0.5)}, 1);

  auto out = net_.forward({x}).toTuple();
  torch::Tensor q = out->elements()[0].toTensor().squeeze();
  torch::Tensor cos2 = out->elements()[1].toTensor().squeeze();
  torch::Tensor sin2 = out->elements()[2].toTensor().squeeze();
  torch::Tensor width = out->elements()[3].toTensor().squeeze();

  const int64_t best = q.flatten().argmax().item<int64_t>();
  const int64_t row = best / kSide, col = best % kSide;
  torch::Tensor at = torch::stack({q[row][col], cos2[row][col], sin2[row][col], width[row][col]}).cpu();
  auto v = at.accessor<float, 1>();

  GraspPose pose;
  pose.pixel = cv::Point2f(static_cast<float>(col) * bgr.cols / kSide, static_cast<float>(row) * bgr.rows / kSide);
  pose.quality = v[0];
  pose.angle_rad = 0.5f * std::atan2(v[2], v[1]);
  pose.width_px = v[3] * 150.0f;
  pose.depth_m = depth_small.at<float>(static_cast<int>(row), static_cast<int>(col));
  return pose;
}
