// Cases for torch-from-blob-device: torch::from_blob copies nothing, it
// labels the caller's memory with the options' device. Host memory labelled
// as a GPU's is read by the next kernel as a device address.
#include <torch/torch.h>

#include <cstdlib>
#include <vector>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

torch::Tensor fromVector(std::vector<float> &samples, torch::Device device) {
  return torch::from_blob(samples.data(), {(int64_t)samples.size()}, // expected-warning {{'torch::from_blob' labels host memory 'samples.data()' as memory on 'device': wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
                          torch::TensorOptions().dtype(torch::kFloat).device(device));
}

torch::Tensor fromArray() {
  torch::Device device = pickDevice();
  float anchors[4] = {0.5f, 1.0f, 2.0f, 4.0f};
  auto options = torch::TensorOptions().device(device).dtype(torch::kFloat);
  return torch::from_blob(anchors, {4}, options).clone(); // expected-warning {{'torch::from_blob' labels host memory 'anchors' as memory on 'device', chosen at run time at line 20: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
}

torch::Tensor fromNew(int64_t n) {
  torch::Device device = pickDevice();
  float *buffer = new float[n]();
  return torch::from_blob(buffer, {n}, [](void *p) { delete[] static_cast<float *>(p); }, // expected-warning {{'torch::from_blob' labels host memory 'buffer' as memory on 'device', chosen at run time at line 27: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
                          torch::device(device));
}

torch::Tensor fromMalloc(int64_t n) {
  torch::Device device = pickDevice();
  void *raw = std::malloc(n * sizeof(int64_t));
  return torch::from_blob(raw, {n}, torch::TensorOptions(torch::kLong).device(device)).clone(); // expected-warning {{'torch::from_blob' labels host memory 'raw' as memory on 'device', chosen at run time at line 34: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
}

torch::Tensor fromElement(std::vector<double> &row) {
  if (!torch::cuda::is_available())
    return {};
  return torch::from_blob(&row[0], {(int64_t)row.size()}, // expected-warning {{'torch::from_blob' labels host memory '&row[0]' as memory on a CUDA device: wrap it on the CPU and copy it there with .to(torch::kCUDA) [torch-from-blob-device]}}
                          torch::TensorOptions(torch::kDouble).device(torch::kCUDA)).clone();
}

// Silent: wrapped on the CPU, then copied.
torch::Tensor wrappedThenCopied(std::vector<float> &samples) {
  torch::Device device = pickDevice();
  return torch::from_blob(samples.data(), {(int64_t)samples.size()},
                          torch::kFloat)
      .to(device);
}

// Silent: the CPU is what the memory is.
torch::Tensor onTheCpu(std::vector<float> &samples) {
  return torch::from_blob(samples.data(), {(int64_t)samples.size()},
                          torch::TensorOptions().device(torch::kCPU));
}

// Silent: the memory is another tensor's, on the same device.
torch::Tensor deviceMemory(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device).contiguous();
  return torch::from_blob(y.data_ptr<float>(), {y.numel()},
                          torch::TensorOptions().device(device));
}

// Silent: a pointer whose memory the function does not show.
torch::Tensor unknownMemory(float *p, int64_t n) {
  torch::Device device = pickDevice();
  return torch::from_blob(p, {n}, torch::TensorOptions().device(device));
}

// Macros: reported where the macro is used; no fix-it inside a macro.
#define WRAP_ON(ptr, n, dev) torch::from_blob(ptr, {n}, torch::TensorOptions().device(dev))
torch::Tensor inMacro(std::vector<float> &v) {
  torch::Device device = pickDevice();
  return WRAP_ON(v.data(), (int64_t)v.size(), device).clone(); // expected-warning {{'torch::from_blob' labels host memory 'v.data()' as memory on 'device', chosen at run time at line 77: wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
}

// Templates: the instantiation is analysed.
template <typename T> torch::Tensor wrap(std::vector<T> &v, torch::Device d) {
  return torch::from_blob(v.data(), {(int64_t)v.size()}, // expected-warning {{'torch::from_blob' labels host memory 'v.data()' as memory on 'd': wrap it on the CPU and copy it there with .to(d) [torch-from-blob-device]}}
                          torch::TensorOptions().dtype(torch::kFloat).device(d));
}
torch::Tensor useWrap(std::vector<float> &v) { return wrap(v, pickDevice()); }
