// A project that says it needs CUDA: each of its entry points asks whether
// CUDA is there only to stop a machine without it (a throw, TORCH_CHECK,
// assert, or main() returning an error), as Kolkir/mlcpp's Mask R-CNN does
// in its configuration. Such a check is the author declaring CUDA required,
// not a CPU fallback, so under RequiresCuda: auto the project stays
// CUDA-only and the layers below, which call .cuda() and name kCUDA in
// functions no check dominates, are not reported. A check that falls back
// to the CPU instead makes every such use a finding (torch-hardcoded-device.cpp).
// expected-no-diagnostics
#include <torch/torch.h>

#include <cassert>
#include <iostream>
#include <stdexcept>

struct Config {
  Config() {
    if (!torch::cuda::is_available())
      throw std::runtime_error("CUDA is not available");
    GpuCount = 1;
  }
  int GpuCount = 0;
};

void checkedByTorchCheck() {
  TORCH_CHECK(torch::cuda::is_available(), "this tool needs a GPU");
}

void checkedByAssert() { assert(torch::cuda::is_available()); }

void checkedByElse() {
  if (torch::cuda::is_available())
    std::cout << "GPU found\n";
  else
    std::abort();
}

// Layers of the model: they move their results to the GPU unconditionally.
torch::Tensor scaleBoxes(torch::Tensor Boxes) {
  torch::Tensor Scale = torch::tensor({1.0f, 2.0f, 1.0f, 2.0f}).cuda();
  return Boxes * Scale;
}

torch::Tensor anchors(int64_t N) {
  return torch::zeros({N, 4}, torch::TensorOptions().device(torch::kCUDA));
}

int main() {
  if (!torch::cuda::is_available()) {
    std::cerr << "CUDA is required\n";
    return 1;
  }
  Config C;
  checkedByTorchCheck();
  checkedByAssert();
  checkedByElse();
  std::cout << C.GpuCount << "\n";
  return 0;
}
