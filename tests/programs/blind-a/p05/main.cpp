#include <torch/torch.h>
#include <iostream>
#include "config.h"
#include "pipeline.h"

int main() {
  if (torch::cuda::device_count() < 2) {
    std::cout << "this example needs two CUDA devices\n";
    return 0;
  }
  PipelineConfig cfg{torch::Device(torch::kCUDA, 0), torch::Device(torch::kCUDA, 1)};
  PipelineTrainer trainer(cfg);

  // Denoising task: reconstruct clean signals from noisy ones.
  auto clean = torch::randn({512, cfg.in_dim});
  auto noisy = clean + 0.1 * torch::randn_like(clean);
  for (int epoch = 0; epoch < 5; ++epoch) {
    double total = 0.0;
    for (int64_t i = 0; i < 512; i += 64) {
      total += trainer.step(noisy.narrow(0, i, 64), clean.narrow(0, i, 64));
    }
    std::cout << "epoch " << epoch << " loss " << total / 8.0 << "\n";
  }
  return 0;
}
