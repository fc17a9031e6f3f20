// Fix-its of torch-host-read-device-tensor: a host copy where the memory is
// read, in the tensor's initialiser when the host only reads it, or in the
// argument of a function that reads its const parameter.
#include <torch/script.h>
#include <torch/torch.h>

#include <cstring>
#include <string>
#include <vector>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

// The host only reads 'out': it is copied where it is made.
std::vector<float> scores(const std::string &path, torch::Tensor image) {
  torch::Device device = pickDevice();
  torch::jit::script::Module model = torch::jit::load(path, device);
  torch::Tensor out = model.forward({image.to(device)}).toTensor();
  const float *p = out.data_ptr<float>();
  return std::vector<float>(p, p + out.numel());
}

// 'y' is used on the device after the read: the copy is made in the read.
torch::Tensor copyOut(torch::Tensor x, std::vector<float> &dst) {
  torch::Device device = pickDevice();
  auto y = torch::sigmoid(x.to(device));
  dst.resize(y.numel());
  std::memcpy(dst.data(), y.data_ptr<float>(), dst.size() * sizeof(float));
  return y * 2;
}

float firstScore(const torch::Tensor &scores) {
  return *scores.data_ptr<float>();
}

float callsReader(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto scores = torch::softmax(x.to(device), 1);
  return firstScore(scores);
}
