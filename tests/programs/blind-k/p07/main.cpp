// Batch denoising tool: loads the checkpoint, switches the network to fp16 for
// throughput and cleans a scan line by line.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "denoiser.h"

int main(int argc, char** argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Denoiser model;
  if (argc > 1) {
    torch::load(model, argv[1]);
  }
  model->to(torch::kHalf);
  model->to(device);
  model->eval();

  const int64_t h = 64, w = 64;
  std::vector<float> noisy(h * w);
  for (int64_t i = 0; i < h * w; ++i) {
    noisy[i] = static_cast<float>((i * 7919) % 256) / 255.0f;
  }
  torch::NoGradGuard no_grad;
  auto input = torch::tensor(noisy).view({1, 1, h, w}).to(device);
  auto cleaned = model->forward(input);
  std::cout << "mean " << cleaned.mean().item<float>() << "\n";
  return 0;
}
