// Cases for the OpenCV model in torch-from-blob-dtype: a cv::Mat's element
// type is set by the calls that fill it (a constructor's type, convertTo,
// and cvtColor and resize, which keep their source's), and from_blob must
// read its pixels as that type. Linted with -I/usr/include/opencv4.
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <torch/torch.h>

// The classic: pixels scaled to floats in [0, 1], read as bytes.
torch::Tensor scaledAsBytes(const cv::Mat &frame) {
  cv::Mat rgb;
  cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
  cv::Mat input;
  rgb.convertTo(input, CV_32FC3, 1.0 / 255); // expected-note {{'input' holds CV_32F elements from here}}
  return torch::from_blob(input.data, {1, input.rows, input.cols, 3}, torch::kByte).clone(); // expected-warning {{'torch::from_blob' reads 'input.data' (CV_32F elements) as Byte; pass torch::kFloat so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Byte is given here}}
}

// A resized copy keeps the converted depth; no dtype reads it as Float by
// default, which is right here.
torch::Tensor resizedFloats(const cv::Mat &frame) {
  cv::Mat input;
  frame.convertTo(input, CV_32F, 1.0 / 255);
  cv::Mat small;
  cv::resize(input, small, cv::Size(224, 224));
  return torch::from_blob(small.data, {1, 224, 224, small.channels()}).clone();
}

// Doubles made by a constructor, read as Float.
torch::Tensor doublesAsFloat() {
  cv::Mat weights(3, 3, CV_64FC1, cv::Scalar(0.5)); // expected-note {{'weights' holds CV_64F elements from here}}
  return torch::from_blob(weights.ptr<uchar>(0), {3, 3}).clone(); // expected-warning {{'torch::from_blob' reads 'weights.ptr<uchar>(0)' (CV_64F elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// Silent: bytes read as bytes.
torch::Tensor bytesAsBytes(const cv::Mat &frame) {
  cv::Mat rgb;
  cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
  cv::Mat small;
  cv::resize(rgb, small, cv::Size(64, 64));
  return torch::from_blob(small.data, {64, 64, 3}, torch::kByte).clone();
}

// Silent: the conversion happens on one path only, so the depth where the
// pixels are read is not known.
torch::Tensor maybeConverted(const cv::Mat &frame, bool scale) {
  cv::Mat input = frame.clone();
  if (scale)
    input.convertTo(input, CV_32F, 1.0 / 255);
  return torch::from_blob(input.data, {input.rows, input.cols}, torch::kByte).clone();
}

// Silent: a parameter's depth is the caller's.
torch::Tensor parameterPixels(const cv::Mat &image) {
  return torch::from_blob(image.data, {image.rows, image.cols}, torch::kFloat).clone();
}
