// Fix-its of torch-from-blob-device: wrap the host memory on the CPU and
// copy it to the device.
#include <torch/torch.h>

#include <vector>

torch::Tensor fromVector(std::vector<float> &samples, torch::Device device) {
  return torch::from_blob(samples.data(), {(int64_t)samples.size()},
                          torch::TensorOptions().dtype(torch::kFloat).device(device));
}

torch::Tensor fromArray(torch::Device device) {
  float anchors[4] = {0.5f, 1.0f, 2.0f, 4.0f};
  return torch::from_blob(anchors, {4}, torch::TensorOptions().device(device).dtype(torch::kFloat)).clone();
}
