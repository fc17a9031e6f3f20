#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// DDPM sampling settings. The denoiser was trained with a linear beta
// schedule over `timesteps` steps on 32x32 RGB images.
struct DiffusionConfig {
  int64_t timesteps = 1000;
  double beta_start = 1e-4;
  double beta_end = 0.02;

  int64_t image_size = 32;
  int64_t channels = 3;
  int64_t base_width = 64;
  int64_t time_dim = 128;

  int64_t num_samples = 16;
  uint64_t seed = 1234;
  bool clip_denoised = true;

  std::string checkpoint = "checkpoints/ddpm_unet.pt";
  std::string output_prefix = "sample";
};

inline torch::Device pick_device(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--cpu") {
      return torch::Device(torch::kCPU);
    }
  }
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0)
                                     : torch::Device(torch::kCPU);
}
