#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "tile_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  LandCoverConfig cfg;
  bool cpu_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") cpu_only = true;
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (a == "--tiles" && i + 1 < argc) cfg.tile_dir = argv[++i];
  }
  if (!cpu_only && torch::cuda::is_available()) cfg.device = torch::kCUDA;

  TileDataset train(cfg, /*train=*/true);
  TileDataset val(cfg, /*train=*/false);
  LandCoverTrainer trainer(cfg, train);
  double best = 0.0;
  for (int64_t e = 1; e <= cfg.epochs; ++e) {
    const double l = trainer.train_epoch(train);
    const double acc = trainer.pixel_accuracy(val);
    std::cout << "epoch " << e << " loss " << l << " pixel-acc " << acc << "\n";
    if (acc > best) {
      best = acc;
      trainer.save();
    }
  }
  return 0;
}
