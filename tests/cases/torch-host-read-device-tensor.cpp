// Cases for torch-host-read-device-tensor: data_ptr<T>(), data<T>() and
// accessor<T, N>() hand the host a tensor's memory where it is. On a GPU
// that is a device address, and reading it on the host segfaults or reads
// garbage; on a CPU machine the same program works.
#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

// A CUDA kernel's launcher, defined in a .cu file: it reads the pointer on
// the device.
void launchDecode(const float *boxes, int64_t n);

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

std::vector<float> scriptedScores(const std::string &path, torch::Tensor image) {
  torch::Device device = pickDevice();
  torch::jit::script::Module model = torch::jit::load(path, device); // expected-note {{'model' is loaded onto 'device' here}}
  torch::Tensor out = model.forward({image.to(device)}).toTensor(); // expected-note {{'out' is computed by 'model' here}}
  const float *p = out.data_ptr<float>(); // expected-warning {{'data_ptr' reads 'out' on the host, but it is on 'device', chosen at run time at line 24: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
  return std::vector<float>(p, p + out.numel());
}

void copyOut(torch::Tensor x, std::vector<float> &dst) {
  torch::Device device = pickDevice();
  auto y = torch::sigmoid(x.to(device)); // expected-note {{'y' is moved to 'device' here}}
  dst.resize(y.numel());
  std::memcpy(dst.data(), y.data_ptr<float>(), dst.size() * sizeof(float)); // expected-warning {{'data_ptr' reads 'y' on the host, but it is on 'device', chosen at run time at line 32: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
}

float accessorRead(torch::Tensor x) {
  if (!torch::cuda::is_available())
    return 0;
  auto y = x.to(torch::kCUDA); // expected-note {{'y' is moved to a CUDA device here}}
  auto a = y.accessor<float, 2>(); // expected-warning {{'accessor' reads 'y' on the host, but it is on a CUDA device: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
  return a[0][0];
}

void dump(torch::Tensor x, const std::string &path) {
  torch::Device device = pickDevice();
  auto y = x.to(device) * 2; // expected-note {{'y' is moved to 'device' here}}
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char *>(y.data_ptr<float>()), // expected-warning {{'data_ptr' reads 'y' on the host, but it is on 'device', chosen at run time at line 47: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
            y.numel() * sizeof(float));
}

// A function that reads its parameter on the host: its callers are told.
float firstScore(const torch::Tensor &scores) {
  return *scores.data_ptr<float>();
}

float callsReader(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto scores = torch::softmax(x.to(device), 1); // expected-note {{'scores' is moved to 'device' here}}
  return firstScore(scores); // expected-warning {{'data_ptr' in 'firstScore' reads 'scores' on the host, but it is on 'device', chosen at run time at line 60: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}} expected-note {{'scores' is passed to 'firstScore' as 'scores' here, where 'data_ptr' reads it on the host at line 56}}
}

// One path moves the tensor: the host read fails on that path.
float onePath(bool gpu) {
  auto x = torch::rand({3});
  if (gpu && torch::cuda::is_available())
    x = x.to(torch::kCUDA); // expected-note {{'x' is moved to a CUDA device here}} expected-note {{'x' is assigned here, on the path where 'gpu && torch::cuda::is_available()' is true}}
  return x.data_ptr<float>()[0]; // expected-warning {{'data_ptr' reads 'x' on the host, but it is on one path on a CUDA device: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
}

// Silent: a host copy first.
std::vector<float> hostCopyFirst(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = torch::relu(x.to(device)).cpu();
  const float *p = y.data_ptr<float>();
  return std::vector<float>(p, p + y.numel());
}

// Silent: .to(torch::kCPU) is a host copy too.
float toCpuFirst(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device).to(torch::kCPU);
  return y.accessor<float, 1>()[0];
}

// Silent: the pointer goes to device code, which reads it on the device.
void handedToKernel(torch::Tensor boxes) {
  torch::Device device = pickDevice();
  auto onDevice = boxes.to(device).contiguous();
  launchDecode(onDevice.data_ptr<float>(), onDevice.size(0));
}

// Silent: a tensor created on the CPU and never moved.
float neverMoved() {
  auto t = torch::rand({4});
  return t.data_ptr<float>()[2];
}

// Silent: a parameter whose device no caller shows.
float unknownInput(const torch::Tensor &t) { return t.data_ptr<float>()[1]; }

// Silent: the pointer is only compared, never read.
bool sameStorage(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device);
  return y.data_ptr() == x.data_ptr();
}

// Macros: the read is reported where the macro is used.
#define FIRST_ELEMENT(t) ((t).data_ptr<float>()[0])
float inMacro(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device); // expected-note {{'y' is moved to 'device' here}}
  return FIRST_ELEMENT(y); // expected-warning {{'data_ptr' reads 'y' on the host, but it is on 'device', chosen at run time at line 114: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}}
}

// Templates: the instantiation's precondition is checked at its call.
template <typename T> std::vector<T> toVector(const torch::Tensor &t) {
  const T *p = t.data_ptr<T>();
  return std::vector<T>(p, p + t.numel());
}

std::vector<int64_t> labels(torch::Tensor logits) {
  torch::Device device = pickDevice();
  auto ids = logits.to(device).argmax(1); // expected-note {{'ids' is moved to 'device' here}}
  return toVector<int64_t>(ids); // expected-warning {{'data_ptr' in 'toVector' reads 'ids' (argument 't') on the host, but it is on 'device', chosen at run time at line 126: copy it to the CPU with .cpu() first [torch-host-read-device-tensor]}} expected-note {{'ids' is passed to 'toVector' as 't' here, where 'data_ptr' reads it on the host at line 121}}
}

// Silent: the code tests where the tensor is and reads it on the host only
// on the CPU's path.
void copyByDevice(torch::Tensor x, float *dst) {
  torch::Device device = pickDevice();
  auto y = x.to(device);
  if (y.is_cpu())
    std::memcpy(dst, y.data_ptr<float>(), y.numel() * sizeof(float));
  else
    std::memcpy(dst, y.cpu().data_ptr<float>(), y.numel() * sizeof(float));
}

float readIfHost(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device);
  return y.device().is_cuda() ? y.cpu().data_ptr<float>()[0]
                              : y.data_ptr<float>()[0];
}

// Silent: a device variable only ever the CPU, given through
// TensorOptions::device (a template that forwards its argument).
std::vector<double> onTheCpu() {
  torch::Device device = torch::Device(torch::kCPU);
  auto options = torch::TensorOptions().dtype(torch::kDouble).device(device);
  auto x = torch::arange(-3.0, 3.1, 0.1, options);
  return std::vector<double>(x.data_ptr<double>(), x.data_ptr<double>() + x.numel());
}
