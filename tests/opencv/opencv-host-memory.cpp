// Cases with OpenCV's cv::Mat, the host image most LibTorch deployments read
// and write: torch-host-read-device-tensor for a cv::Mat built over a tensor
// that may be on a GPU, torch-from-blob-device for a cv::Mat's pixels
// labelled as device memory. Linted with -I/usr/include/opencv4.
#include <opencv2/core.hpp>
#include <torch/torch.h>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

cv::Mat maskImage(torch::Tensor logits) {
  torch::Device device = pickDevice();
  auto mask = (logits.to(device).sigmoid() > 0.5).to(torch::kU8).mul(255); // expected-note {{'mask' is moved to 'device' here}}
  return cv::Mat(static_cast<int>(mask.size(0)), static_cast<int>(mask.size(1)),
                 CV_8UC1, mask.data_ptr<uint8_t>()) // expected-warning {{'data_ptr' reads 'mask' on the host, but it is on 'device', chosen at run time at line 14: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
      .clone();
}

torch::Tensor imageToTensor(const cv::Mat &image) {
  torch::Device device = pickDevice();
  return torch::from_blob(image.data, {image.rows, image.cols, 3}, // expected-warning {{'torch::from_blob' labels host memory 'image.data' as memory on 'device', chosen at run time at line 22: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
                          torch::TensorOptions().dtype(torch::kByte).device(device))
      .permute({2, 0, 1})
      .clone();
}

torch::Tensor rowToTensor(cv::Mat &features) {
  torch::Device device = pickDevice();
  return torch::from_blob(features.ptr<float>(0), {features.cols}, // expected-warning {{'torch::from_blob' labels host memory 'features.ptr<float>(0)' as memory on 'device', chosen at run time at line 30: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
                          torch::TensorOptions().device(device))
      .clone();
}

// Silent: the mask is copied to the CPU before the cv::Mat is built over it.
cv::Mat maskOnHost(torch::Tensor logits) {
  torch::Device device = pickDevice();
  auto mask = (logits.to(device).sigmoid() > 0.5).to(torch::kU8).cpu();
  return cv::Mat(static_cast<int>(mask.size(0)), static_cast<int>(mask.size(1)),
                 CV_8UC1, mask.data_ptr<uint8_t>())
      .clone();
}

// Silent: the pixels are wrapped on the CPU, then copied to the device.
torch::Tensor imageCopied(const cv::Mat &image) {
  torch::Device device = pickDevice();
  return torch::from_blob(image.data, {image.rows, image.cols, 3}, torch::kByte)
      .to(device);
}
