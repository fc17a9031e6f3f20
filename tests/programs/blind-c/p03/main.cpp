#include <torch/torch.h>

#include <chrono>
#include <iostream>
#include <string>

#include "config.h"
#include "sampler.h"

int main(int argc, char** argv) {
  DiffusionConfig cfg;
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--ckpt") {
      cfg.checkpoint = argv[++i];
    } else if (arg == "--n") {
      cfg.num_samples = std::stoll(argv[++i]);
    } else if (arg == "--steps") {
      cfg.timesteps = std::stoll(argv[++i]);
    }
  }
  const torch::Device device = pick_device(argc, argv);
  std::cout << "sampling " << cfg.num_samples << " images on " << device
            << "\n";

  DdpmSampler sampler(cfg, device);
  const auto t0 = std::chrono::steady_clock::now();
  auto images = sampler.sample(cfg.num_samples);
  const auto t1 = std::chrono::steady_clock::now();
  std::cout << "done in "
            << std::chrono::duration<double>(t1 - t0).count() << " s\n";
  sampler.save_ppm(images, cfg.output_prefix);
  return 0;
}
