#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "series_dataset.h"
#include "trainer.h"

int main(int argc, char** argv) {
  ForecastConfig cfg;
  bool allow_gpu = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") allow_gpu = false;
    else if (a == "--resume") cfg.resume = true;
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
  }
  const torch::Device device = pick_device(allow_gpu);
  std::cout << "device " << device << "\n";

  SeriesDataset train(cfg, 0, 24 * 7 * 20);
  SeriesDataset val(cfg, 24 * 7 * 20, 24 * 7 * 4);
  ForecastTrainer trainer(cfg, device, fit_norm_stats(train));
  double best = 1e30;
  for (int64_t e = 1; e <= cfg.epochs; ++e) {
    const double loss = trainer.train_epoch(train);
    const double mae = trainer.mae_kw(val);
    std::cout << "epoch " << e << " loss " << loss << " val MAE " << mae << " kW\n";
    if (mae < best) {
      best = mae;
      trainer.save();
    }
  }
  return 0;
}
