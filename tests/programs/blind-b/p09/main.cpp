#include <torch/torch.h>

#include <cstring>
#include <iostream>

#include "gan_trainer.h"
#include "options.h"

int main(int argc, char** argv) {
  GanOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--resume") == 0) options.resume = true;
    if (std::strcmp(argv[i], "--gpu") == 0 && i + 1 < argc) options.device_index = std::atoi(argv[++i]);
  }
  torch::manual_seed(999);

  GanTrainer trainer(options);
  std::cout << "training DCGAN on " << trainer.device() << std::endl;
  trainer.train();
  std::cout << "feature distance: " << trainer.feature_distance(512) << std::endl;
  return 0;
}
