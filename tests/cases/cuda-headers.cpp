// Cases for files that include LibTorch's CUDA headers, analysed on a
// machine with no CUDA toolkit: torchlint brings in-memory stand-ins for the
// few CUDA runtime declarations those headers need (searched after every
// real include directory), so the file is analysed instead of failing.
#include <torch/torch.h>

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

// A guard and the current stream next to a CPU input given to a CUDA model.
void inferOnStream() {
  c10::cuda::CUDAGuard guard(0);
  c10::cuda::CUDAStream stream = at::cuda::getCurrentCUDAStream();
  torch::nn::Linear net(4, 2);
  net->to(torch::kCUDA); // expected-note {{'net' is moved to a CUDA device here}}
  auto x = torch::zeros({4}); // expected-note {{'x' is created on the CPU here ('torch::zeros' with no device)}}
  auto y = net->forward(x); // expected-warning {{'net' receives tensors on different devices: 'x' (argument 'input') is on the CPU but the parameters of 'net' are on a CUDA device [torch-device-mismatch]}}
  stream.synchronize();
}

// Must stay silent: the input is moved to the device the guard selects.
void inferMoved() {
  c10::cuda::CUDAGuard guard(0);
  torch::nn::Linear net(4, 2);
  net->to(torch::kCUDA);
  auto x = torch::zeros({4}).to(torch::kCUDA);
  auto y = net->forward(x);
  at::cuda::getCurrentCUDAStream().synchronize();
}

int main() {
  if (!torch::cuda::is_available())
    return 0;
  inferOnStream();
  inferMoved();
  return 0;
}
