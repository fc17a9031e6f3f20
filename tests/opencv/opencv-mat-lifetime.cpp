// Cases for the OpenCV model in torch-from-blob-lifetime: a local cv::Mat
// whose pixels are its own (cvtColor, convertTo or clone into it) frees them
// when the function returns, so a tensor returned over them dangles. A Mat
// that shares another's pixels does not free them. Linted with
// -I/usr/include/opencv4.
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <torch/torch.h>

torch::Tensor rgbTensor(const cv::Mat &frame) {
  cv::Mat rgb; // expected-note {{'rgb' is declared here}}
  cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
  return torch::from_blob(rgb.data, {rgb.rows, rgb.cols, 3}, torch::kByte); // expected-warning {{the tensor from 'torch::from_blob' views 'rgb', a local that is destroyed when 'rgbTensor' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

torch::Tensor floatTensor(const cv::Mat &gray) {
  cv::Mat scaled; // expected-note {{'scaled' is declared here}}
  gray.convertTo(scaled, CV_32F, 1.0 / 255);
  auto t = torch::from_blob(scaled.ptr<float>(), {scaled.rows, scaled.cols}); // expected-warning {{the tensor from 'torch::from_blob' views 'scaled', a local that is destroyed when 'floatTensor' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return t; // expected-note {{'t' is returned here}}
}

// Silent: cloned before the Mat is destroyed.
torch::Tensor cloned(const cv::Mat &frame) {
  cv::Mat rgb;
  cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
  return torch::from_blob(rgb.data, {rgb.rows, rgb.cols, 3}, torch::kByte).clone();
}

// Silent: the local Mat shares the caller's pixels, which outlive it.
torch::Tensor sharedPixels(const cv::Mat &frame) {
  cv::Mat view = frame;
  return torch::from_blob(view.data, {view.rows, view.cols}, torch::kByte);
}
