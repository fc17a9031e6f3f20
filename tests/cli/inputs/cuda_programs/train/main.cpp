// The project's trainer runs wherever it is started: it asks for CUDA.
#include <torch/torch.h>

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(2, 2);
  model->to(device);
  torch::Tensor y = model(torch::ones({1, 2}, torch::device(device)));
  return y.numel() == 2 ? 0 : 1;
}
