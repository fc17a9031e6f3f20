#include <torch/torch.h>

#define TO_DEVICE(t, d) t.to(d)

int main() {
  torch::Device device(torch::kCUDA);
  auto x = torch::ones({2});
  TO_DEVICE(x, device);
  x.cpu();
  return 0;
}

// Asking for CUDA makes this a program meant to run without it, so line 6's
// unguarded device is reported (torch-hardcoded-device, RequiresCuda auto).
bool gpuPresent() { return torch::cuda::is_available(); }
