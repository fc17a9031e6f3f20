// Classifier demo: load an image with OpenCV and turn it into a 1x3xHxW float tensor.
#include <torch/torch.h>
#include <opencv2/opencv.hpp>

#include <iostream>
#include <stdexcept>
#include <string>

namespace vision {

torch::Tensor load_image(const std::string& path, int size) {
  cv::Mat bgr = cv::imread(path, cv::IMREAD_COLOR);
  if (bgr.empty()) {
    throw std::runtime_error("could not read " + path);
  }
  cv::Mat resized, rgb, img_float;
  cv::resize(bgr, resized, cv::Size(size, size));
  cv::cvtColor(resized, rgb, cv::COLOR_BGR2RGB);
  rgb.convertTo(img_float, CV_32FC3, 1.0 / 255.0);

  auto input = torch::from_blob(img_float.data, {size, size, 3}, torch::kFloat32);  //@bug J01 torch-from-blob-lifetime
  input = input.permute({2, 0, 1});
  return input.unsqueeze(0);
}

}  // namespace vision

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : "cat.jpg";
  if (argc <= 1) {
    cv::Mat dummy(300, 400, CV_8UC3, cv::Scalar(10, 120, 240));
    cv::imwrite(path, dummy);
  }
  torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)),
                            torch::nn::ReLU(),
                            torch::nn::AdaptiveAvgPool2d(1),
                            torch::nn::Flatten(),
                            torch::nn::Linear(8, 10));
  net->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor x = vision::load_image(path, 224);
  auto logits = net->forward(x);
  std::cout << "predicted class: " << logits.argmax(1).item<int64_t>() << std::endl;
  return 0;
}
