// Silent: the uint8 tensor over the decoded cv::Mat is converted by .to(torch::kFloat32), a copy, before it leaves.
#include <torch/torch.h>
#include <opencv2/opencv.hpp>

#include <iostream>
#include <vector>

namespace infer {

torch::Tensor decode_jpeg(const std::vector<uchar>& encoded, int side) {
  cv::Mat img = cv::imdecode(encoded, cv::IMREAD_COLOR);
  if (img.empty()) {
    return torch::zeros({3, side, side});
  }
  cv::resize(img, img, cv::Size(side, side));
  cv::cvtColor(img, img, cv::COLOR_BGR2RGB);
  torch::Tensor t = torch::from_blob(img.data, {img.rows, img.cols, 3}, torch::kByte)
                        .to(torch::kFloat32)
                        .permute({2, 0, 1})
                        .div_(255.0);
  return t;
}

}  // namespace infer

int main() {
  cv::Mat src(64, 80, CV_8UC3, cv::Scalar(30, 60, 90));
  std::vector<uchar> jpeg;
  cv::imencode(".jpg", src, jpeg);
  auto x = infer::decode_jpeg(jpeg, 48);
  auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  auto std = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  x = (x - mean) / std;
  std::cout << x.sizes() << " " << x.mean().item<float>() << std::endl;
  return 0;
}
