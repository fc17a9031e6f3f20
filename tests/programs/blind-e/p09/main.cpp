#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "patch_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  SimClrConfig cfg;
  std::string device_name = torch::cuda::is_available() ? "cuda" : "cpu";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--device" && i + 1 < argc) device_name = argv[++i];
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (a == "--batch" && i + 1 < argc) cfg.batch_size = std::stoll(argv[++i]);
  }
  const torch::Device device(device_name);
  PatchDataset data(cfg);
  SimClrTrainer trainer(cfg, device);
  for (int64_t e = 1; e <= cfg.epochs; ++e) {
    std::cout << "epoch " << e << " nt-xent " << trainer.train_epoch(data) << "\n";
  }
  trainer.export_encoder();
  return 0;
}
